import { testimonials } from "@/lib/content/testimonials";
import { TestimonialList } from "./testimonial-list";
import styles from "./home.module.css";

export function TestimonialsSection() {
  return (
    <section id="testimonials" className={`${styles.section} ${styles.testimonials}`} aria-labelledby="testimonials-title">
      <div className="container">
        <div className={styles.sectionIntro}>
          <h2 id="testimonials-title">What homeowners say</h2>
          <p>Real jobs, rated by the people who booked them.</p>
        </div>
        <TestimonialList items={testimonials} />
      </div>
    </section>
  );
}
