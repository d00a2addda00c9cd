import type { SeedPerson } from "./types";

/**
 * Demo people. Every account shares DEMO_PASSWORD. Telephone numbers are in Ofcom's range reserved
 * for drama (07700 900000 to 900999), so none of them can ring a real person.
 */
export const DEMO_PASSWORD = "StayLondon-demo-2026";
/**
 * The demo administrator's authenticator key (Base32), published in the README like the password: administrators
 * must sign in with two factors, and a demo must work without anyone setting up an app first. Add it to any
 * authenticator app to get the codes. A real deployment makes its administrators with `npm run user:create`, and
 * they set up their own app on first sign-in.
 */
export const DEMO_ADMIN_TOTP_SECRET = "GNXWG2LOMFZWK3TUMVZHKZLMOVZW4ZLS";

export const DEMO_ACCOUNTS = {
  admin: "admin@staylondon.example",
  landlord: "landlord@staylondon.example",
  pendingLandlord: "pending.landlord@staylondon.example",
  manager: "manager@staylondon.example",
  contractor: "contractor@staylondon.example",
  guest: "guest@staylondon.example",
  unverifiedGuest: "unverified.guest@staylondon.example",
} as const;

const phone = (n: number) => `+447700900${String(n).padStart(3, "0")}`;

export const ADMIN: SeedPerson = {
  key: "admin",
  email: DEMO_ACCOUNTS.admin,
  firstName: "Eleanor",
  lastName: "Whitfield",
  role: "admin",
  phoneNumber: phone(1),
  emailVerified: true,
  phoneVerified: true,
  isApproved: true,
  location: "London",
  joinedDaysAgo: 540,
  lastLoginDaysAgo: 0,
};

/** Approved landlords; the admin approved each of them. `james` is landlord@. */
export const LANDLORDS: SeedPerson[] = [
  {
    key: "james",
    email: DEMO_ACCOUNTS.landlord,
    firstName: "James",
    lastName: "Thornton",
    role: "landlord",
    phoneNumber: phone(112),
    emailVerified: true,
    phoneVerified: true,
    isApproved: true,
    location: "Westminster, London",
    joinedDaysAgo: 520,
    lastLoginDaysAgo: 1,
  },
  {
    key: "priya",
    email: "priya.sharma@staylondon.example",
    firstName: "Priya",
    lastName: "Sharma",
    role: "landlord",
    phoneNumber: phone(134),
    emailVerified: true,
    phoneVerified: true,
    isApproved: true,
    location: "Islington, London",
    joinedDaysAgo: 480,
    lastLoginDaysAgo: 3,
  },
  {
    key: "oliver",
    email: "oliver.bennett@staylondon.example",
    firstName: "Oliver",
    lastName: "Bennett",
    role: "landlord",
    phoneNumber: phone(156),
    emailVerified: true,
    phoneVerified: true,
    isApproved: true,
    location: "Kensington, London",
    joinedDaysAgo: 455,
    lastLoginDaysAgo: 2,
  },
  {
    key: "charlotte",
    email: "charlotte.hughes@staylondon.example",
    firstName: "Charlotte",
    lastName: "Hughes",
    role: "landlord",
    phoneNumber: phone(178),
    emailVerified: true,
    phoneVerified: true,
    isApproved: true,
    location: "Greenwich, London",
    joinedDaysAgo: 410,
    lastLoginDaysAgo: 6,
  },
  {
    key: "marcus",
    email: "marcus.adeyemi@staylondon.example",
    firstName: "Marcus",
    lastName: "Adeyemi",
    role: "landlord",
    phoneNumber: phone(191),
    emailVerified: true,
    phoneVerified: true,
    isApproved: true,
    location: "Hackney, London",
    joinedDaysAgo: 380,
    lastLoginDaysAgo: 4,
  },
  {
    key: "fiona",
    email: "fiona.macleod@staylondon.example",
    firstName: "Fiona",
    lastName: "MacLeod",
    role: "landlord",
    phoneNumber: phone(203),
    emailVerified: true,
    phoneVerified: true,
    isApproved: true,
    location: "Edinburgh",
    joinedDaysAgo: 350,
    lastLoginDaysAgo: 9,
  },
  {
    key: "tom",
    email: "tom.haworth@staylondon.example",
    firstName: "Tom",
    lastName: "Haworth",
    role: "landlord",
    phoneNumber: phone(225),
    emailVerified: true,
    phoneVerified: true,
    isApproved: true,
    location: "Manchester",
    joinedDaysAgo: 330,
    lastLoginDaysAgo: 12,
  },
];

/** Staff-like roles and the landlord still waiting for approval. */
export const OTHER_STAFF: SeedPerson[] = [
  {
    key: "pendingLandlord",
    email: DEMO_ACCOUNTS.pendingLandlord,
    firstName: "Daniel",
    lastName: "Okafor",
    role: "landlord",
    phoneNumber: phone(247),
    emailVerified: true,
    phoneVerified: false,
    isApproved: false,
    location: "Lambeth, London",
    joinedDaysAgo: 2,
    lastLoginDaysAgo: 2,
  },
  {
    key: "manager",
    email: DEMO_ACCOUNTS.manager,
    firstName: "Sophie",
    lastName: "Clarke",
    role: "property_manager",
    phoneNumber: phone(269),
    emailVerified: true,
    phoneVerified: true,
    isApproved: true,
    location: "Camden, London",
    joinedDaysAgo: 300,
    lastLoginDaysAgo: 1,
  },
  {
    key: "contractor",
    email: DEMO_ACCOUNTS.contractor,
    firstName: "Ryan",
    lastName: "Doyle",
    role: "contractor",
    phoneNumber: phone(281),
    emailVerified: true,
    phoneVerified: true,
    isApproved: true,
    location: "Southwark, London",
    joinedDaysAgo: 280,
    lastLoginDaysAgo: 5,
  },
];

type GuestRow = [first: string, last: string, location: string, phone: number | null, joinedDaysAgo: number];

/** Guests: most have verified their e-mail; a few never added a phone number. */
const GUEST_ROWS: GuestRow[] = [
  ["Hannah", "Pearce", "Leeds", 302, 410],
  ["Samuel", "Osei", "Birmingham", 314, 395],
  ["Grace", "Llewellyn", "Cardiff", 326, 380],
  ["Arjun", "Mehta", "Leicester", 338, 362],
  ["Isla", "Campbell", "Glasgow", null, 351],
  ["George", "Fletcher", "Norwich", 351, 340],
  ["Chloe", "Dubois", "Paris", 363, 322],
  ["Noah", "Williams", "Cardiff", 375, 300],
  ["Amelia", "Khan", "Bradford", 387, 288],
  ["Harry", "Sutherland", "Aberdeen", null, 270],
  ["Zara", "Ahmed", "Manchester", 399, 255],
  ["Lucas", "Moreau", "Lyon", 411, 240],
  ["Freya", "Jenkins", "Bristol", 423, 226],
  ["Oscar", "Lindqvist", "Stockholm", 435, 210],
  ["Maya", "Patel", "Nottingham", 447, 195],
  ["Henry", "Ashworth", "Harrogate", 459, 180],
  ["Ruby", "O'Connor", "Dublin", null, 160],
  ["Leo", "Rossi", "Milan", 471, 140],
  ["Evie", "Marsh", "Exeter", 483, 118],
  ["Theo", "Blackwood", "Cheltenham", 495, 96],
  ["Ava", "Mensah", "London", 507, 70],
  ["Jack", "Harrington", "Sheffield", 519, 45],
];

export const GUESTS: SeedPerson[] = [
  {
    key: "guest",
    email: DEMO_ACCOUNTS.guest,
    firstName: "Emma",
    lastName: "Richardson",
    role: "guest",
    phoneNumber: phone(290),
    emailVerified: true,
    phoneVerified: true,
    isApproved: true,
    location: "York",
    joinedDaysAgo: 430,
    lastLoginDaysAgo: 0,
  },
  {
    key: "unverifiedGuest",
    email: DEMO_ACCOUNTS.unverifiedGuest,
    firstName: "Liam",
    lastName: "Foster",
    role: "guest",
    emailVerified: false,
    phoneVerified: false,
    isApproved: true,
    joinedDaysAgo: 1,
  },
  ...GUEST_ROWS.map(
    ([firstName, lastName, location, phoneNo, joinedDaysAgo], i): SeedPerson => ({
      key: `guest${i + 1}`,
      email: `${`${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, "")}@staylondon.example`,
      firstName,
      lastName,
      role: "guest",
      phoneNumber: phoneNo === null ? undefined : phone(phoneNo),
      emailVerified: true,
      phoneVerified: phoneNo !== null && i % 5 !== 3,
      isApproved: true,
      location,
      joinedDaysAgo,
      lastLoginDaysAgo: (i * 7) % 40,
    }),
  ),
];
