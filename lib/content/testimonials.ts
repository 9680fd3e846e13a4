// What customers said after a job. Shown on the home page in a fresh random order on every visit. The
// quotes are in the catalogue (home.testimonials.quotes.<id>), the trades in home.testimonials.services.

export type TestimonialService = "cleaning" | "plumbing" | "electrical" | "painting";

export type TestimonialData = {
  id: string;
  name: string;
  /** Where the customer lives. */
  city: string;
  /** The trade the customer booked, for the card's caption. */
  service: TestimonialService;
  image: string;
  /** Five star characters: every published testimonial is a five-star review. */
  rating: string;
};

/** A testimonial with its words in the page's language, as the list shows it. */
export type Testimonial = TestimonialData & { serviceLabel: string; ratingLabel: string; testimonial: string };

const FIVE_STARS = "★★★★★";

export const testimonials: TestimonialData[] = [
  { id: "sanne-rotterdam", name: "Sanne de Vries", city: "Rotterdam", service: "cleaning", image: "/avatars/sanne-de-vries.svg", rating: FIVE_STARS },
  { id: "youssef-amsterdam", name: "Youssef El Amrani", city: "Amsterdam", service: "plumbing", image: "/avatars/youssef-el-amrani.svg", rating: FIVE_STARS },
  { id: "ingrid-rotterdam", name: "Ingrid Bakker", city: "Rotterdam", service: "electrical", image: "/avatars/ingrid-bakker.svg", rating: FIVE_STARS },
  { id: "thomas-haarlem", name: "Thomas Visser", city: "Haarlem", service: "painting", image: "/avatars/thomas-visser.svg", rating: FIVE_STARS },
];
