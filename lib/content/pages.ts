// The order of the cards on the company pages. Their words are in the catalogue (pages.community.programs,
// pages.customerHelp.topics).

export const COMMUNITY_PROGRAM_IDS = ["partner-evenings", "repair-afternoons", "home-basics", "apprentices"] as const;

export const HELP_TOPIC_IDS = ["request", "prices", "account"] as const;

/** How many trades Fixwell offers, for /ourstory's numbers. */
export const TRADE_COUNT = 4;
