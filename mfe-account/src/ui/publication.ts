/** The site's name, as the account screens and their head data write it. */
export const PUBLICATION_NAME = "The Daily Edge";
