import type { Account } from "@prisma/client";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import type { PublicProduct } from "@/lib/commerce/list-public-products";
import { formatDateRange } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import { studioDate } from "@/lib/studio-time/studio-date";
import { pageFormat } from "@/lib/i18n/page-language";
import { withdrawalWords } from "@/lib/withdrawals/withdrawal-words";

/**
 * The courses on sale, under the passes (`#courses`): each with its classes, dates, seats left and
 * price, linking to its own page, where a member enrols.
 */
export async function CourseList({ account, courses }: { account: Account; courses: PublicProduct[] }) {
  const [t, tCourse, tSchedule, where, { rightText }] = await Promise.all([
    getTranslations("Passes"),
    getTranslations("PublicCourse"),
    getTranslations("Schedule"),
    pageFormat(account),
    withdrawalWords(),
  ]);
  return (
    <section aria-labelledby="courses" className="mt-10">
      <h2 id="courses" className="scroll-mt-4 text-xl font-semibold text-brand-900">
        {t("coursesTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("coursesIntro")}</p>
      <ul className="mt-4 space-y-4">
        {courses.map((product) => {
          const course = product.course!;
          const href = `/${account.slug}/courses/${product.id}`;
          const dates =
            course.firstStartsAt && course.lastStartsAt
              ? formatDateRange(
                  studioDate(course.firstStartsAt, account.timezone),
                  studioDate(course.lastStartsAt, account.timezone),
                  where,
                )
              : "";
          const price = product.prices[0];
          return (
            <li key={product.id} id={`product-${product.id}`} className="rounded-lg border border-slate-200 p-4">
              <h3 className="text-lg font-semibold text-slate-900">
                <Link href={href} className="underline decoration-slate-300 underline-offset-4 hover:text-brand-800">
                  {product.name}
                </Link>
              </h3>
              <p className="text-sm text-slate-700">
                {[tCourse("classes", { count: course.classes }), dates].filter(Boolean).join(" · ")}
              </p>
              <p className="mt-1 text-sm text-slate-700">{rightText(product)}</p>
              {product.description && <p className="mt-2 text-slate-800">{product.description}</p>}
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                <p>
                  {price && (
                    <span className="text-lg font-semibold tabular-nums">
                      {formatMoney(price.amount, price.currency, account.locale)}
                    </span>
                  )}
                  <span
                    className={`ml-2 text-sm ${course.seatsLeft === 0 ? "font-medium text-amber-800" : "text-slate-700"}`}
                  >
                    {course.seatsLeft === 0 ? tSchedule("full") : tSchedule("placesLeft", { count: course.seatsLeft })}
                  </span>
                </p>
                <Link href={href} className={buttonClass("primary", "sm")}>
                  {t("seeCourse")}
                  <span className="sr-only">: {product.name}</span>
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
