import { hrefFor } from "shell/contract/addresses";

/** "Go to date": a GET form, so it works without JavaScript (`paper.today?date=` redirects). */
export function DateForm({ date }: { date: string }) {
  return (
    <form className="p-date-form" method="get" action={hrefFor("paper.today")}>
      <label htmlFor="p-date-input">Go to date</label>
      <input id="p-date-input" name="date" type="date" required defaultValue={date} />
      <button type="submit">Go</button>
    </form>
  );
}
