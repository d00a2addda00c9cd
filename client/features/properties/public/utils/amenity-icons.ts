import {
  AirVent,
  Armchair,
  Bath,
  Bell,
  BellRing,
  Bike,
  Briefcase,
  Building2,
  Car,
  CircleCheck,
  Coffee,
  CookingPot,
  Dog,
  Dumbbell,
  Fence,
  Flame,
  Flower2,
  Heater,
  KeyRound,
  Laptop,
  type LucideIcon,
  Microwave,
  Mountain,
  Refrigerator,
  ShieldCheck,
  Shirt,
  Snowflake,
  Sofa,
  Sparkles,
  Sun,
  TrainFront,
  Trees,
  Tv,
  UtensilsCrossed,
  WashingMachine,
  Waves,
  Wifi,
  Wind,
} from "lucide-react";

/**
 * Keyword → icon; the first keyword found as a whole word (or, ending in "*", as a word prefix) in the amenity's
 * name wins. Unknown amenities get a check mark.
 */
const AMENITY_ICONS: ReadonlyArray<readonly [readonly string[], LucideIcon]> = [
  [["wifi*", "wi-fi", "internet", "broadband"], Wifi],
  [["air con", "air-con", "aircon", "air conditioning", "cooling"], AirVent],
  [["heat*", "radiator", "underfloor"], Heater],
  [["fireplace", "log burner", "wood burner"], Flame],
  [["hairdryer", "hair dryer"], Wind],
  [["dishwasher", "washing machine", "washer", "laundry", "dryer*"], WashingMachine],
  [["iron", "wardrobe"], Shirt],
  [["kitchen*", "oven", "hob", "cooker"], CookingPot],
  [["microwave"], Microwave],
  [["fridge", "refrigerator", "freezer"], Refrigerator],
  [["coffee*", "nespresso", "espresso", "kettle"], Coffee],
  [["dining", "restaurant", "breakfast"], UtensilsCrossed],
  [["tv", "television", "netflix", "streaming", "smart tv*"], Tv],
  [["workspace", "desk", "office", "work"], Laptop],
  [["business"], Briefcase],
  [["parking*", "garage", "car", "ev charg*"], Car],
  [["bike*", "bicycle", "cycle*"], Bike],
  [["gym*", "fitness"], Dumbbell],
  [["pool", "swimming", "spa", "sauna", "hot tub"], Waves],
  [["bath*", "shower", "toiletries", "towel*"], Bath],
  [["concierge*", "reception", "doorman", "porter"], BellRing],
  [["housekeeping", "cleaning", "linen"], Sparkles],
  [["cctv", "alarm", "safe", "secur*"], ShieldCheck],
  [["self check-in", "self check*", "keyless*", "smart lock", "lockbox"], KeyRound],
  [["lift", "elevator"], Building2],
  [["garden*", "courtyard", "park"], Trees],
  [["terrace", "balcon*", "roof"], Sun],
  [["view*", "skyline", "river"], Mountain],
  [["fence", "gated"], Fence],
  [["pet*", "dog", "cat"], Dog],
  [["flower*", "plant*"], Flower2],
  [["sofa", "lounge", "living"], Sofa],
  [["furnish*", "furniture"], Armchair],
  [["tube*", "station*", "transport", "underground"], TrainFront],
  [["fan", "ventilation"], Wind],
  [["freezer", "ice"], Snowflake],
  [["doorbell", "intercom"], Bell],
];

export function amenityIcon(name: string): LucideIcon {
  const text = ` ${name.toLowerCase().replace(/[^a-z0-9-]+/g, " ")} `;
  for (const [keywords, icon] of AMENITY_ICONS) {
    const found = keywords.some((keyword) =>
      keyword.endsWith("*") ? text.includes(` ${keyword.slice(0, -1)}`) : text.includes(` ${keyword} `),
    );
    if (found) return icon;
  }
  return CircleCheck;
}
