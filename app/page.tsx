import Link from "next/link";

export default function HomePage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-semibold tracking-tight text-brand-900">Studio Booking</h1>
      <p className="mt-4 text-lg text-slate-700">
        Schedules, passes and bookings for yoga, dance and fitness studios: a public schedule for every studio, an
        admin dashboard for its staff, and a REST API for integrations.
      </p>
      <ul className="mt-8 flex flex-wrap gap-4">
        <li>
          <Link className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900" href="/demo">
            Open the demo studio
          </Link>
        </li>
        <li>
          <a className="rounded-md border border-brand-700 px-4 py-2 font-medium text-brand-700 hover:bg-brand-50" href="/docs/">
            API documentation
          </a>
        </li>
      </ul>
    </main>
  );
}
