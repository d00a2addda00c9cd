import type { LucideIcon } from "lucide-react";
import {
  BadgePoundSterling,
  Compass,
  Drama,
  Handshake,
  Landmark,
  Megaphone,
  Palette,
  Sparkles,
  UsersRound,
  UtensilsCrossed,
} from "lucide-react";

/** Applying is a message to the team from the contact page, filed under partnerships. */
export const PARTNER_APPLY_HREF = "/contact?topic=partnership";

export const PARTNER_BENEFITS: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: UsersRound,
    title: "Reach premium travellers",
    text: "Put your venue in front of guests staying in London's finest serviced homes, at the moment they plan their days.",
  },
  {
    icon: BadgePoundSterling,
    title: "Steady, incremental bookings",
    text: "Fill quieter evenings and weekdays with guests who book ahead and arrive ready to spend.",
  },
  {
    icon: Megaphone,
    title: "Marketing at no cost",
    text: "Appear on our Experiences page, in front of guests planning their days, without paying for advertising.",
  },
  {
    icon: Handshake,
    title: "A dedicated partner manager",
    text: "One named contact on our partnerships team who agrees your offer with you and answers your questions.",
  },
];

export const PARTNER_CATEGORIES: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  { icon: UtensilsCrossed, title: "Restaurants", text: "From neighbourhood bistros to Michelin-starred dining rooms." },
  { icon: Palette, title: "Galleries", text: "Commercial and public galleries offering tours and private views." },
  { icon: Drama, title: "Theatres", text: "West End and fringe venues with premium seats for our guests." },
  { icon: Landmark, title: "Museums", text: "After-hours events, curator tours and members' experiences." },
  { icon: Sparkles, title: "Spas & Wellness", text: "Day spas, fitness studios and treatments delivered to the door." },
  { icon: Compass, title: "Tours & Experiences", text: "Walking tours, river trips and days out beyond the city." },
];

export const PARTNER_STEPS: ReadonlyArray<{ title: string; text: string }> = [
  { title: "Apply", text: "Tell us about your business and the experiences you would like to offer our guests." },
  { title: "Review & Approval", text: "Our partnerships team visits, checks quality and agrees terms with you." },
  { title: "Integration & Launch", text: "We add your offer to our Experiences page and brief our team." },
  { title: "Start Receiving Bookings", text: "Guests find your offer on StayLondon and book it with you directly." },
];
