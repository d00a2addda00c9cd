/** The five aspects a guest rates besides the overall stay, in the order pages show them. */
export const REVIEW_ASPECTS = ["cleanliness", "accuracy", "communication", "location", "value"] as const;
export type ReviewAspect = (typeof REVIEW_ASPECTS)[number];

export const REVIEW_ASPECT_LABELS: Record<ReviewAspect, string> = {
  cleanliness: "Cleanliness",
  accuracy: "Accuracy",
  communication: "Communication",
  location: "Location",
  value: "Value",
};

export const REVIEW_LIMITS = { titleMax: 120, commentMax: 2000, responseMax: 2000, pageMax: 50, pageDefault: 10 };
