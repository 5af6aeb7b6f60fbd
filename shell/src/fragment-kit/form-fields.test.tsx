import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formFields, problemFor } from "./form-fields.tsx";

const { Field, fieldId } = formFields("x-nr");

describe("formFields", () => {
  it("ties the label, the hint and the problem to the control, with the fragment's prefix", () => {
    const html = renderToStaticMarkup(
      <Field form="plan" name="date" label="Date" problem="In the past." hint="From today on.">
        {(control) => <input {...control} type="date" />}
      </Field>,
    );
    expect(fieldId("plan", "date")).toBe("x-nr-plan-date");
    expect(html).toBe(
      '<div class="x-nr-field x-nr-field--problem"><label for="x-nr-plan-date">Date</label>' +
        '<p class="x-nr-hint" id="x-nr-plan-date-hint">From today on.</p>' +
        '<p class="x-nr-problem" id="x-nr-plan-date-problem">In the past.</p>' +
        '<input id="x-nr-plan-date" aria-invalid="true" ' +
        'aria-describedby="x-nr-plan-date-hint x-nr-plan-date-problem" type="date" name="date"/></div>',
    );
  });

  it("leaves a field without hint or problem undescribed and valid", () => {
    const html = renderToStaticMarkup(
      <Field form="plan" name="q" label="Words" problem={null}>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(html).toBe(
      '<div class="x-nr-field"><label for="x-nr-plan-q">Words</label><input id="x-nr-plan-q" name="q"/></div>',
    );
    expect(problemFor([{ field: "q", message: "Type words." }], "q")).toBe("Type words.");
    expect(problemFor([], "q")).toBeNull();
  });
});
