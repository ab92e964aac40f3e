import Link from "next/link";

/**
 * "Who is it for? Me · Ida · Karl" above an order summary: links to the same summary for the member
 * or one of their children (`for`), the chosen one marked; the quote and the price's age are then theirs.
 */
export function BuyForChooser(props: {
  dependants: { id: string; displayName: string }[];
  chosen: string | undefined;
  href: (forUserId: string | undefined) => string;
  legend: string;
  me: string;
}) {
  const people = [{ id: undefined, displayName: props.me }, ...props.dependants];
  return (
    <nav aria-label={props.legend} className="mt-3">
      <p className="text-sm font-medium text-slate-900">{props.legend}</p>
      <ul className="mt-1 flex flex-wrap gap-2">
        {people.map((person) => {
          const current = person.id === props.chosen;
          return (
            <li key={person.id ?? "me"}>
              <Link
                href={props.href(person.id)}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
                  current
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-slate-300 text-brand-700 hover:bg-brand-50"
                }`}
              >
                {person.displayName}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
