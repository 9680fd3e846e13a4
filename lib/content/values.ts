// The four values on /culture, in order. Their words are in the catalogue (pages.culture.values.<id>).

export const VALUE_IDS = ["innovation", "teamwork", "integrity", "diversity"] as const;
