// What customers said after a job. Shown on the home page in a fresh random order on every visit.

export type Testimonial = {
  id: string;
  name: string;
  city: string;
  /** The trade the customer booked, for the card's caption. */
  service: "Cleaning" | "Plumbing" | "Electrical" | "Painting";
  image: string;
  /** Five star characters: every published testimonial is a five-star review. */
  rating: string;
  testimonial: string;
};

export const FIVE_STARS = "★★★★★";

export const testimonials: Testimonial[] = [
  {
    id: "sanne-rotterdam",
    name: "Sanne de Vries",
    city: "Rotterdam",
    service: "Cleaning",
    image: "/avatars/sanne-de-vries.svg",
    rating: FIVE_STARS,
    testimonial:
      "After our renovation the whole flat was covered in plaster dust. Two cleaners arrived the next morning and by lunchtime the floors were spotless. Friendly, quick and exactly the price we had been shown.",
  },
  {
    id: "youssef-amsterdam",
    name: "Youssef El Amrani",
    city: "Amsterdam",
    service: "Plumbing",
    image: "/avatars/youssef-el-amrani.svg",
    rating: FIVE_STARS,
    testimonial:
      "Water was dripping through the ceiling of the flat below mine. I booked on a Sunday evening, the plumber rang the bell at eight on Monday and found the cracked joint within ten minutes.",
  },
  {
    id: "ingrid-rotterdam",
    name: "Ingrid Bakker",
    city: "Rotterdam",
    service: "Electrical",
    image: "/avatars/ingrid-bakker.svg",
    rating: FIVE_STARS,
    testimonial:
      "Three outlets in the kitchen had stopped working. The electrician explained what had gone wrong, replaced them and tested every group in the fuse box before he left. Careful and right on time.",
  },
  {
    id: "thomas-haarlem",
    name: "Thomas Visser",
    city: "Haarlem",
    service: "Painting",
    image: "/avatars/thomas-visser.svg",
    rating: FIVE_STARS,
    testimonial:
      "Our hallway and staircase were painted in two days. Everything was covered properly, the edges are razor sharp and the painter cleaned up after himself. Better than we had hoped for.",
  },
];
