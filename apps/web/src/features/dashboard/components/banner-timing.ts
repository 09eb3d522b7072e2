/** 000 §9: the carousel moves on every 3000 ms. */
export const CAROUSEL_INTERVAL_MS = 3000;
/** The banners are wide strips (640 x 240 in the demo data); a fixed ratio keeps the column steady while loading. */
export const BANNER_RATIO = 8 / 3;
