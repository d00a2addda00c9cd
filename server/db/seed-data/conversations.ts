/**
 * Demo conversations between guests and the host side of landlord@'s listings (James, and manager@ on the listings
 * manager@ runs). Westminster's three answered enquiries give it real response figures, computed from these
 * messages like any other listing's; Kensington's fresh, unanswered question is what an unread badge looks like;
 * the demo guest's coming Westminster stay has its own conversation about arrival.
 *
 * `startedDaysAgo` 0 means a few hours ago, on the seed's clock. Each message is written `afterMinutes` after the one
 * before it. `hostUnread` counts the last messages the host side has not read yet.
 */
export type SeedConversation = {
  slug: string;
  guestKey: string;
  /** About the guest's stay at this listing that starts this many days from today; absent for an enquiry. */
  stayStartsInDays?: number;
  startedDaysAgo: number;
  /** The minute of the day the first message was written. */
  minuteOfDay: number;
  messages: Array<{ from: "guest" | "host" | "manager"; afterMinutes: number; body: string }>;
  hostUnread: number;
};

export const CONVERSATIONS: SeedConversation[] = [
  {
    slug: "westminster-luxury-flat",
    guestKey: "guest4",
    startedDaysAgo: 23,
    minuteOfDay: 9 * 60 + 12,
    messages: [
      {
        from: "guest",
        afterMinutes: 0,
        body: "Hello! We're coming to London for a conference at the QEII Centre in March. Is the flat within walking distance, and is there a desk we could both work at?",
      },
      {
        from: "host",
        afterMinutes: 34,
        body: "Hi Arjun, the QEII Centre is an eight-minute walk across Parliament Square. There's a proper desk in the second bedroom and a large dining table by the windows, and the broadband runs at 500 Mb/s.",
      },
      { from: "guest", afterMinutes: 52, body: "Perfect, thank you. We'll book once our dates are confirmed." },
    ],
    hostUnread: 0,
  },
  {
    slug: "westminster-luxury-flat",
    guestKey: "guest6",
    startedDaysAgo: 12,
    minuteOfDay: 18 * 60 + 40,
    messages: [
      {
        from: "guest",
        afterMinutes: 0,
        body: "Is the building step-free? My father uses a walking frame and can't manage many stairs.",
      },
      {
        from: "manager",
        afterMinutes: 95,
        body: "Good evening, I look after the flat for the owner. There are two shallow steps at the street door with a handrail, then a lift to the flat's floor and no steps inside. The principal bathroom has a walk-in shower with a grab rail.",
      },
    ],
    hostUnread: 0,
  },
  {
    slug: "westminster-luxury-flat",
    guestKey: "guest9",
    startedDaysAgo: 4,
    minuteOfDay: 7 * 60 + 55,
    messages: [
      {
        from: "guest",
        afterMinutes: 0,
        body: "Could we leave our luggage at the flat before check-in? Our train gets into King's Cross at 10am.",
      },
      {
        from: "host",
        afterMinutes: 22,
        body: "Yes, the porter can hold bags from 9am on arrival day. Just give your name and booking reference at the desk.",
      },
    ],
    hostUnread: 0,
  },
  {
    slug: "kensington-elegant-home",
    guestKey: "guest3",
    startedDaysAgo: 0,
    minuteOfDay: 0,
    messages: [
      {
        from: "guest",
        afterMinutes: 0,
        body: "Hi James, we're a family of four looking at two weeks in August. Is the garden private, and is there a travel cot?",
      },
    ],
    hostUnread: 1,
  },
  {
    slug: "westminster-luxury-flat",
    guestKey: "guest",
    stayStartsInDays: 19,
    startedDaysAgo: 3,
    minuteOfDay: 20 * 60 + 5,
    messages: [
      {
        from: "guest",
        afterMinutes: 0,
        body: "Hello, we land at Heathrow at 8am on arrival day. Is an early check-in possible, even just to drop our bags?",
      },
      {
        from: "manager",
        afterMinutes: 41,
        body: "Hello Emma, I manage the flat for James. The cleaners can have the flat ready by 11am that day, so come straight from the airport. The porter will have your keys; if anything goes wrong on the day, call me on 020 7946 0321.",
      },
      { from: "guest", afterMinutes: 63, body: "Wonderful, thank you. See you then!" },
    ],
    hostUnread: 0,
  },
];
