"use client";
// "Start now": a plain link to the services section that, once the page is interactive, glides there
// over about a second and then moves keyboard focus to the section.
import { buttonClassName } from "@/components/ui/button-base";
import { scrollToElement } from "./smooth-scroll";

export function StartNowLink({ targetId, children }: { targetId: string; children: React.ReactNode }) {
  return (
    <a
      href={`#${targetId}`}
      className={buttonClassName({ size: "lg" })}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        void scrollToElement(target).then(() => target.focus({ preventScroll: true }));
      }}
    >
      {children}
    </a>
  );
}
