import { useId, type ReactNode } from "react";

/** A `<section>` named by its own heading, so it is a labelled region for screen readers. */
export function HeadedSection({
  heading,
  className,
  headingClassName = "c-section-heading",
  children,
}: {
  heading: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className={headingClassName}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
