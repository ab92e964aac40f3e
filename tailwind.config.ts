import type { Config } from "tailwindcss";

// Tailwind 4 reads this through the @config line in app/globals.css.
export default {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: { 50: "#f2f7f5", 100: "#dcebe4", 600: "#2f6f57", 700: "#245845", 900: "#143328" },
      },
      fontFamily: {
        sans: ["ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
      },
    },
  },
} satisfies Config;
