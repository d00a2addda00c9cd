import type { MaintenanceCategory, MaintenancePriority, WorkStage } from "../../../common/domain/maintenance";

/**
 * The demo property manager (manager@, "manager") looks after some of the demo landlord's (landlord@, "james")
 * listings, and the demo contractor (contractor@, "contractor") works on their jobs. Days are counted back from
 * (or forward from) the seed date, like the rest of the demo data.
 */

/** Listings manager@ manages now, assigned by the landlord this many days ago. */
export const MANAGED_LISTINGS = [
  { slug: "westminster-luxury-flat", assignedDaysAgo: 240 },
  { slug: "camden-modern-studio", assignedDaysAgo: 190 },
  { slug: "islington-cozy-apartment", assignedDaysAgo: 150 },
  { slug: "bermondsey-street-apartment", assignedDaysAgo: 64 },
] as const;

/** An earlier assignment the landlord ended: its thread stays readable, no longer writable. */
export const ENDED_ASSIGNMENTS = [
  { slug: "pimlico-stucco-apartment", startedDaysAgo: 320, endedDaysAgo: 110 },
] as const;

/** `daysAgo` is 1 or more: the demo data's clock stops at midnight today, so a message of today would read 00:00. */
export type SeedMessage = { from: "owner" | "manager"; daysAgo: number; minuteOfDay: number; body: string };

/**
 * The thread of each assignment, oldest first. `managerUnread`: how many of the owner's last messages manager@ has
 * not read yet; the owner has read everything.
 */
export const THREADS: Record<string, { messages: SeedMessage[]; managerUnread: number }> = {
  "westminster-luxury-flat": {
    managerUnread: 2,
    messages: [
      {
        from: "owner",
        daysAgo: 239,
        minuteOfDay: 9 * 60 + 12,
        body: "Welcome aboard, Sophie. The concierge holds a spare set of keys; the alarm code is in the key safe.",
      },
      {
        from: "manager",
        daysAgo: 239,
        minuteOfDay: 11 * 60 + 40,
        body: "Thanks James. I have collected the keys and walked the flat: all in good order.",
      },
      {
        from: "manager",
        daysAgo: 18,
        minuteOfDay: 16 * 60 + 5,
        body: "The guests checking out on Sunday mentioned the extractor fan is noisy. I will keep an eye on it.",
      },
      {
        from: "owner",
        daysAgo: 1,
        minuteOfDay: 8 * 60 + 30,
        body: "Ceiling leak reported in the kitchen this morning. Could you get someone round today?",
      },
      {
        from: "owner",
        daysAgo: 1,
        minuteOfDay: 12 * 60 + 5,
        body: "Also, please check the smoke alarm in the hallway while you are there.",
      },
    ],
  },
  "camden-modern-studio": {
    managerUnread: 1,
    messages: [
      {
        from: "manager",
        daysAgo: 21,
        minuteOfDay: 10 * 60,
        body: "The boiler pressure dropped again overnight. I have asked Ryan Doyle to quote for a new valve.",
      },
      {
        from: "owner",
        daysAgo: 2,
        minuteOfDay: 19 * 60 + 15,
        body: "Good. If the quote is under £300 go ahead without waiting for me.",
      },
    ],
  },
  "islington-cozy-apartment": {
    managerUnread: 0,
    messages: [
      {
        from: "owner",
        daysAgo: 30,
        minuteOfDay: 12 * 60,
        body: "The bathroom refit starts soon. I have blocked two weeks on the calendar.",
      },
      {
        from: "manager",
        daysAgo: 29,
        minuteOfDay: 9 * 60 + 20,
        body: "Noted. I will let the cleaners know and meet the fitters on the first morning.",
      },
    ],
  },
  "bermondsey-street-apartment": {
    managerUnread: 0,
    messages: [
      {
        from: "owner",
        daysAgo: 63,
        minuteOfDay: 14 * 60,
        body: "Thanks for taking Bermondsey on. Guests love the roof terrace; the planters need watering weekly.",
      },
    ],
  },
  "pimlico-stucco-apartment": {
    managerUnread: 0,
    messages: [
      {
        from: "owner",
        daysAgo: 118,
        minuteOfDay: 10 * 60,
        body: "I will be managing Pimlico myself from next month. Thank you for all your help.",
      },
      {
        from: "manager",
        daysAgo: 117,
        minuteOfDay: 9 * 60 + 5,
        body: "Understood. I will hand the keys back to the concierge on Friday.",
      },
    ],
  },
};

/**
 * A demo maintenance job and how far it got. The seed writes the job, its offers to contractor@ and its timeline
 * from these facts, following the lifecycle in common/domain/maintenance.ts.
 */
export type SeedJob = {
  slug: string;
  title: string;
  description: string;
  category: MaintenanceCategory;
  priority: MaintenancePriority;
  isUrgent?: boolean;
  /** A guest staying there now reports it when one is; otherwise the property's manager or owner. */
  reporter: "staying-guest" | "manager" | "owner";
  reportedDaysAgo: number;
  /** Offered to contractor@ this many days ago: still open, accepted, or turned down with a reason. */
  offer?: { daysAgo: number; answer: "open" | "accepted" | "declined"; declineReason?: string };
  /** Days from the seed date (negative: in the past). A job needing the flat empty moves to its first free nights. */
  scheduledInDays?: number;
  estimatedHours?: number;
  vacantNights?: number;
  agreedPayment?: number;
  outcome?:
    | { status: "in_progress"; stage: WorkStage; note: string }
    | { status: "completed"; daysAgo: number; finalCost: number; note: string; paidDaysAgo?: number }
    | { status: "declined"; daysAgo: number; reason: string }
    | { status: "cancelled"; daysAgo: number; reason: string };
};

export const JOBS: SeedJob[] = [
  {
    slug: "westminster-luxury-flat",
    title: "Water leaking through the kitchen ceiling",
    description: "Water is dripping from the light fitting above the kitchen island and the ceiling is stained.",
    category: "plumbing",
    priority: "high",
    isUrgent: true,
    reporter: "staying-guest",
    reportedDaysAgo: 1,
  },
  {
    slug: "camden-modern-studio",
    title: "Boiler pressure keeps dropping",
    description: "The boiler loses pressure overnight and the heating cuts out by morning. Needs a new valve.",
    category: "heating",
    priority: "medium",
    reporter: "manager",
    reportedDaysAgo: 21,
    offer: { daysAgo: 3, answer: "open" },
    scheduledInDays: 6,
    estimatedHours: 3,
    agreedPayment: 240,
  },
  {
    slug: "kensington-elegant-home",
    title: "Dishwasher does not drain",
    description: "Standing water left in the dishwasher after every cycle; the filter has been cleaned.",
    category: "appliances",
    priority: "low",
    reporter: "owner",
    reportedDaysAgo: 9,
    offer: {
      daysAgo: 7,
      answer: "declined",
      declineReason: "I do not carry parts for this make; an appliance specialist would be quicker.",
    },
    scheduledInDays: 12,
    estimatedHours: 2,
    agreedPayment: 120,
  },
  {
    slug: "bermondsey-street-apartment",
    title: "Repaint the living room after water damage",
    description:
      "A dried leak left marks on the living room ceiling and one wall. Two coats, furniture moved and back.",
    category: "structural",
    priority: "medium",
    reporter: "manager",
    reportedDaysAgo: 14,
    offer: { daysAgo: 10, answer: "accepted" },
    scheduledInDays: 16,
    estimatedHours: 16,
    vacantNights: 2,
    agreedPayment: 680,
  },
  {
    slug: "westminster-luxury-flat",
    title: "Extractor fan rattling",
    description: "The bathroom extractor fan rattles loudly when switched on.",
    category: "electrical",
    priority: "low",
    reporter: "manager",
    reportedDaysAgo: 17,
    offer: { daysAgo: 15, answer: "accepted" },
    scheduledInDays: 4,
    estimatedHours: 2,
    agreedPayment: 95,
  },
  {
    slug: "islington-cozy-apartment",
    title: "Bathroom refit: replace the shower tray and tiles",
    description: "The shower tray is cracked and the tiles behind it have come loose. Full strip-out and refit.",
    category: "plumbing",
    priority: "high",
    reporter: "owner",
    reportedDaysAgo: 34,
    offer: { daysAgo: 31, answer: "accepted" },
    scheduledInDays: -1,
    estimatedHours: 40,
    agreedPayment: 2400,
    outcome: {
      status: "in_progress",
      stage: "waiting_for_parts",
      note: "Old tray out; the new tray arrives Thursday.",
    },
  },
  {
    slug: "camden-modern-studio",
    title: "Front door lock sticking",
    description: "The key turns only after several tries; guests have been locked out twice.",
    category: "locks_and_security",
    priority: "high",
    reporter: "manager",
    reportedDaysAgo: 170,
    offer: { daysAgo: 169, answer: "accepted" },
    scheduledInDays: -167,
    estimatedHours: 2,
    agreedPayment: 140,
    outcome: {
      status: "completed",
      daysAgo: 167,
      finalCost: 155,
      note: "Replaced the cylinder; three new keys left with the concierge.",
      paidDaysAgo: 160,
    },
  },
  {
    slug: "westminster-luxury-flat",
    title: "Service the boiler",
    description: "Annual boiler service and gas safety certificate.",
    category: "heating",
    priority: "medium",
    reporter: "manager",
    reportedDaysAgo: 135,
    offer: { daysAgo: 133, answer: "accepted" },
    scheduledInDays: -126,
    estimatedHours: 2,
    agreedPayment: 110,
    outcome: {
      status: "completed",
      daysAgo: 126,
      finalCost: 110,
      note: "Serviced; certificate emailed to the owner.",
      paidDaysAgo: 120,
    },
  },
  {
    slug: "kensington-elegant-home",
    title: "Garden gate hinge broken",
    description: "The side gate has dropped on its lower hinge and no longer latches.",
    category: "structural",
    priority: "low",
    reporter: "owner",
    reportedDaysAgo: 104,
    offer: { daysAgo: 102, answer: "accepted" },
    scheduledInDays: -97,
    estimatedHours: 3,
    agreedPayment: 180,
    outcome: {
      status: "completed",
      daysAgo: 97,
      finalCost: 195.5,
      note: "New hinges and latch fitted; gate rehung.",
      paidDaysAgo: 90,
    },
  },
  {
    slug: "islington-cozy-apartment",
    title: "Oven not heating",
    description: "The oven light comes on but it does not heat. The hob works.",
    category: "appliances",
    priority: "medium",
    reporter: "manager",
    reportedDaysAgo: 70,
    offer: { daysAgo: 69, answer: "accepted" },
    scheduledInDays: -66,
    estimatedHours: 2,
    agreedPayment: 130,
    outcome: {
      status: "completed",
      daysAgo: 66,
      finalCost: 148,
      note: "Replaced the heating element.",
      paidDaysAgo: 58,
    },
  },
  {
    slug: "bermondsey-street-apartment",
    title: "Leaking kitchen tap",
    description: "The mixer tap drips constantly and the base is loose.",
    category: "plumbing",
    priority: "medium",
    reporter: "manager",
    reportedDaysAgo: 40,
    offer: { daysAgo: 39, answer: "accepted" },
    scheduledInDays: -36,
    estimatedHours: 1,
    agreedPayment: 85,
    outcome: {
      status: "completed",
      daysAgo: 36,
      finalCost: 92,
      note: "New cartridge and tightened the base.",
      paidDaysAgo: 30,
    },
  },
  {
    slug: "westminster-luxury-flat",
    title: "Bedroom radiator cold",
    description: "The main bedroom radiator stays cold while the others heat up.",
    category: "heating",
    priority: "medium",
    reporter: "manager",
    reportedDaysAgo: 13,
    offer: { daysAgo: 12, answer: "accepted" },
    scheduledInDays: -10,
    estimatedHours: 2,
    agreedPayment: 120,
    outcome: {
      status: "completed",
      daysAgo: 10,
      finalCost: 120,
      note: "Bled and balanced every radiator; the valve was stuck.",
    },
  },
  {
    slug: "marylebone-mews-house",
    title: "Replace the hallway light fitting",
    description: "The hallway pendant flickers and the fitting is scorched.",
    category: "electrical",
    priority: "high",
    reporter: "owner",
    reportedDaysAgo: 6,
    offer: { daysAgo: 6, answer: "accepted" },
    scheduledInDays: -4,
    estimatedHours: 2,
    agreedPayment: 160,
    outcome: {
      status: "completed",
      daysAgo: 4,
      finalCost: 172.4,
      note: "New fitting and a new ceiling rose; circuit tested.",
    },
  },
  {
    slug: "bloomsbury-georgian-apartment",
    title: "Wallpaper peeling in the bedroom",
    description: "A guest says the wallpaper is peeling behind the bed.",
    category: "other",
    priority: "low",
    reporter: "owner",
    reportedDaysAgo: 25,
    outcome: { status: "declined", daysAgo: 24, reason: "The room is being redecorated next month anyway." },
  },
  {
    slug: "camden-modern-studio",
    title: "Deep clean after the summer lets",
    description: "A deep clean of the kitchen and bathroom between summer stays.",
    category: "cleaning",
    priority: "low",
    reporter: "manager",
    reportedDaysAgo: 48,
    offer: { daysAgo: 47, answer: "accepted" },
    scheduledInDays: -42,
    estimatedHours: 6,
    agreedPayment: 210,
    outcome: {
      status: "cancelled",
      daysAgo: 44,
      reason: "The cleaning company now does this as part of their contract.",
    },
  },
];
