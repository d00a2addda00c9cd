/**
 * Review text in British English. `{area}` becomes the neighbourhood or town, `{host}` the
 * landlord's first name and `{guest}` the guest's first name.
 */
export const REVIEW_TEXT: Record<3 | 4 | 5, { titles: string[]; comments: string[] }> = {
  5: {
    titles: [
      "Perfect base",
      "Wonderful stay",
      "Even better than the photos",
      "Would book again in a heartbeat",
      "A home from home",
      "Spotless and so comfortable",
      "Faultless from start to finish",
      "A real gem",
      "Exactly what we needed",
      "Beautiful flat, brilliant host",
    ],
    comments: [
      "We loved everything about our stay. The place was spotless, the beds were very comfortable and {host} left a lovely welcome hamper. {area} is a brilliant base.",
      "Beautifully furnished and so quiet at night. Check-in was effortless and {host} answered every question within minutes.",
      "The photos don't do it justice: the light in the mornings is gorgeous. Great coffee shops within a two-minute walk of the door.",
      "Stayed for a work trip and didn't want to leave. Fast Wi-Fi, a proper desk and a kitchen with everything you could need.",
      "Our third stay with {host} and it never disappoints. Immaculate, well stocked and in a lovely part of {area}.",
      "Perfect for a family weekend. The children loved it and we loved being able to walk everywhere.",
      "Thoughtful touches everywhere, from the fresh flowers to the local guide on the kitchen table. Highly recommended.",
      "A calm, elegant flat in a great spot. We'd happily stay here every time we visit {area}.",
      "Comfortable, stylish and spotlessly clean. The blackout blinds meant we slept brilliantly.",
      "Couldn't fault it. Easy transport links, friendly neighbours and a host who clearly cares.",
    ],
  },
  4: {
    titles: [
      "Lovely place, great location",
      "Very comfortable stay",
      "Great base for a city break",
      "Really enjoyed it",
      "Good value for the area",
      "Would stay again",
      "Stylish and well placed",
    ],
    comments: [
      "A lovely flat in a great location. The shower took a while to warm up, but otherwise everything was just right.",
      "Very comfortable and well equipped. It can get a little noisy on Friday nights, so light sleepers may want earplugs.",
      "Great spot for exploring {area}. The kitchen could do with a few more pans, but we mostly ate out anyway.",
      "Clean, bright and easy to find. {host} was helpful when we had trouble with the heating controls.",
      "Good value for such a central location. The sofa bed was a little firm but the main bedroom was excellent.",
      "We enjoyed our week here. Check-in instructions could be clearer, but {host} sorted it out quickly by phone.",
      "A handsome flat with lovely period features. The stairs are steep, so pack light.",
    ],
  },
  3: {
    titles: ["Fine for a short stay", "Decent, with a few niggles", "Good location, tired in places", "Mixed feelings"],
    comments: [
      "The location in {area} is excellent, but the shower pressure was weak and one of the bedroom blinds was broken.",
      "Perfectly fine for a couple of nights. It wasn't as spotless as we'd hoped on arrival, though {host} apologised and sent a cleaner.",
      "Nice enough flat, but the street noise was more than we expected and the Wi-Fi dropped out a few times.",
      "Comfortable beds and a good kitchen, but the flat feels a little tired in places and could use a refresh.",
    ],
  },
};

export const HOST_RESPONSES: Record<"happy" | "sorry", string[]> = {
  happy: [
    "Thank you, {guest}! It was a pleasure having you to stay. Do come back soon.",
    "Thanks so much for the kind words, {guest}. We're delighted you enjoyed {area}.",
    "Lovely to hear, {guest}. You left the place immaculate; you're welcome back any time.",
    "Thank you for staying with us, {guest}. We hope to see you again next time you're in town.",
  ],
  sorry: [
    "Thanks for the honest feedback, {guest}. We've had a plumber in since your stay and the shower is much better now.",
    "Sorry the stay wasn't perfect, {guest}. We've passed your comments to our cleaning team and replaced the blinds.",
    "Thank you for letting us know, {guest}. New secondary glazing goes in next month, which should help with the noise.",
  ],
};

export const BLOCKED_NOTES = [
  "Owner staying",
  "Deep clean",
  "Decorating",
  "Boiler service",
  "Photography for the listing",
];
