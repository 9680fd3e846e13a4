// What working at Fixwell offers, on /benefits: the order of the cards. Their words are in the catalogue
// (pages.benefits.items.<id>); the figures match the job openings' benefit lists.

export const BENEFIT_IDS = ["fair-pay", "time-off", "pension", "learning", "travel", "flexible", "family", "free-repair"] as const;
