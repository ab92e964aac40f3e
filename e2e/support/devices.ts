// The screens journeys run on. Chromium only (Debian's): a phone is a viewport with touch, not a
// device descriptor (those also pick a browser type, which a describe block may not change).
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;

export const DESKTOP = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 } as const;
