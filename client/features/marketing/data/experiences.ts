export type ExperienceCategory = "Entertainment" | "Dining" | "Art & Culture";

/** Id, title, category, description, image, price text. Prices between £60 and £150. */
export type Experience = {
  id: number;
  title: string;
  category: ExperienceCategory;
  description: string;
  image: string;
  price: string;
  duration: string;
};

export const EXPERIENCES: readonly Experience[] = [
  {
    id: 1,
    title: "West End Theatre Night",
    category: "Entertainment",
    description:
      "Premium stalls seats at a hit West End show, with a pre-theatre supper nearby and a programme waiting at your seat.",
    image: "/images/experiences/west-end-theatre-night.webp",
    price: "From £95",
    duration: "Evening",
  },
  {
    id: 2,
    title: "Private Chef Dinner",
    category: "Dining",
    description:
      "A seasonal tasting menu cooked in your apartment by a chef from one of London's celebrated kitchens, wine pairing included.",
    image: "/images/experiences/private-chef-dining.webp",
    price: "From £150",
    duration: "3 hours",
  },
  {
    id: 3,
    title: "Mayfair Gallery Walk",
    category: "Art & Culture",
    description:
      "An art historian guides you through the galleries of Cork Street and Mayfair, with doors opened to private viewing rooms.",
    image: "/images/experiences/gallery-tour.webp",
    price: "From £60",
    duration: "2 hours",
  },
  {
    id: 4,
    title: "Thames Evening Cruise",
    category: "Entertainment",
    description:
      "Glide past Tower Bridge, Parliament and the South Bank as the city lights up, with dinner and champagne on board.",
    image: "/images/experiences/thames-evening-cruise.webp",
    price: "From £85",
    duration: "90 minutes",
  },
  {
    id: 5,
    title: "Afternoon Tea in Knightsbridge",
    category: "Dining",
    description:
      "Finger sandwiches, warm scones with clotted cream and fine teas in a grand hotel salon, reserved at the best tables.",
    image: "/images/experiences/afternoon-tea.webp",
    price: "From £70",
    duration: "2 hours",
  },
  {
    id: 6,
    title: "Museum Lates with a Curator",
    category: "Art & Culture",
    description:
      "See a major London museum after hours, with a curator's tour of the highlights, cocktails and the galleries to yourself.",
    image: "/images/experiences/museum-after-hours.webp",
    price: "From £65",
    duration: "Evening",
  },
];
