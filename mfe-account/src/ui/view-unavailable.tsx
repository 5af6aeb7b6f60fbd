/** What a fragment root shows when its props do not match any view it knows. */
export function ViewUnavailable() {
  return (
    <section className="a-panel">
      <p className="a-problem" role="alert">
        This page cannot be shown right now.
      </p>
    </section>
  );
}
