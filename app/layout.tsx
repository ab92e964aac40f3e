import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./globals.css";

// Every page is rendered per request, the 404 included: its scripts carry the nonce of that
// request's Content-Security-Policy (proxy.ts), which a page prerendered at build cannot know.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Studio Booking", template: "%s · Studio Booking" },
  description: "Bookings, passes and schedules for yoga, dance and fitness studios.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
