import type { Metadata } from "next";
import { Hero } from "@/components/home/hero";
import { ServicesSection } from "@/components/home/services-section";
import { TestimonialsSection } from "@/components/home/testimonials-section";
import { TrustStrip } from "@/components/home/trust-strip";

export const metadata: Metadata = {
  title: { absolute: "Fixwell – affordable, reliable home repairs" },
  description:
    "Book a vetted painter, electrician, plumber or cleaner in Amsterdam, The Hague or Rotterdam, with fair hourly prices shown before you choose.",
};

const SERVICES_ID = "our-services";

export default function HomePage() {
  return (
    <>
      <Hero servicesId={SERVICES_ID} />
      <ServicesSection id={SERVICES_ID} />
      <TrustStrip />
      <TestimonialsSection />
    </>
  );
}
