/**
 * What a date without a paper is called, in the page's heading and its title alike: a past
 * date had no paper, a later one's is not published yet.
 */
export function noEditionHeading(isFuture: boolean, longDate: string): string {
  return isFuture ? `Not yet published: the paper for ${longDate}` : `No paper on ${longDate}`;
}
