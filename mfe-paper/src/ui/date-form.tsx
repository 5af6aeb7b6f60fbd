/** "Go to date": a GET form, so it works without JavaScript (/todays-paper?date= redirects). */
export function DateForm({ date }: { date: string }) {
  return (
    <form className="p-date-form" method="get" action="/todays-paper">
      <label htmlFor="p-date-input">Go to date</label>
      <input id="p-date-input" name="date" type="date" required defaultValue={date} />
      <button type="submit">Go</button>
    </form>
  );
}
