// Business constants shared by server and web. This module imports nothing, so the web app can
// use a rule without pulling the schema library into its first load.

/** A review's rating is a whole number of stars in this range. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
