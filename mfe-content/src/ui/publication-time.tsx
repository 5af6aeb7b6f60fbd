import { createContext, useContext } from "react";
import { formatInstantDate, formatInstantDateTime } from "shell/fragment-kit/dates";

/**
 * The time zone every date on a page is shown in: the publication's, from the page's props
 * (`publication.timeZone`), so the server and the browser write the same text. `FragmentApp`
 * provides it for the page it renders.
 */
export const TimeZoneContext = createContext<string | null>(null);

/**
 * An instant from the API (ISO text) as a `<time>`: "21 November 2026", or with `withTime`
 * "21 November 2026, 09:30", in the publication's time zone (the kit's wording).
 */
export function PublicationTime({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const timeZone = useContext(TimeZoneContext);
  if (timeZone === null) throw new Error("PublicationTime is rendered outside FragmentApp");
  const text = withTime ? formatInstantDateTime(iso, timeZone) : formatInstantDate(iso, timeZone);
  return <time dateTime={iso}>{text}</time>;
}
