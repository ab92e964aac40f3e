import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ActionForm } from "@/components/forms/action-form";
import { Section } from "@/components/forms/page-header";
import { formatDateTime, formatMoney } from "@/components/dashboard/format";
import { PERSONAS } from "@/lib/auth/persona";
import { BOOKABLE_DAYS, type PersonOverview } from "@/lib/users/get-person-overview";
import type { Studio } from "@/lib/web/get-active-studio";
import { bookIntoClassAction, changePersonaAction, grantPassAction } from "../actions";
import { addChildAtDeskAction } from "../household-actions";
import { getPersonaNames } from "./person-summary";

function DeskCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="space-y-2 rounded-lg border border-slate-300 bg-white p-4">
      <h3 className="font-medium text-slate-900">{title}</h3>
      <p className="text-sm text-slate-700">{intro}</p>
      {children}
    </div>
  );
}

/** At the desk: grant a pass, book into a class, change the role. */
export async function DeskSection({ overview, studio }: { overview: PersonOverview; studio: Studio }) {
  const t = await getTranslations("PersonPage");
  const personaNames = await getPersonaNames();
  const tHousehold = await getTranslations("Household");
  const { person } = overview;
  const classOptions = overview.bookableClasses.map((instance) => ({
    value: instance.id,
    label: t("classOption", { when: formatDateTime(instance.startsAt, studio), title: instance.title }),
  }));
  const ages = (price: { minAge: number | null; maxAge: number | null }) =>
    price.minAge !== null && price.maxAge !== null
      ? t("agesBetween", { min: price.minAge, max: price.maxAge })
      : price.minAge !== null
        ? t("agesFrom", { min: price.minAge })
        : price.maxAge !== null
          ? t("agesUpTo", { max: price.maxAge })
          : null;
  const offerGroups = overview.offers.map((product) => ({
    label: product.name,
    options: product.prices.map((price) => {
      const amount = formatMoney(price.amount, price.currency, studio.locale);
      const forAges = ages(price);
      return {
        value: `${product.id}/${price.id}`,
        label: forAges
          ? t("priceWithAges", { product: product.name, amount, ages: forAges })
          : t("price", { product: product.name, amount }),
      };
    }),
  }));
  return (
    <Section id="desk" title={t("deskHeading")}>
      <div className="grid gap-4 md:grid-cols-2">
        <DeskCard title={t("grantHeading")} intro={offerGroups.length === 0 ? t("addProductFirst") : t("grantIntro")}>
          <ActionForm
            action={grantPassAction}
            hidden={{ userId: person.id }}
            fields={[
              { kind: "select", name: "offer", label: t("priceLabel"), options: [], groups: offerGroups },
              { kind: "text", name: "note", label: t("note"), hint: t("noteHint"), autoComplete: "off" },
            ]}
            submitLabel={t("grantPass")}
            pendingLabel={t("granting")}
            disabled={offerGroups.length === 0}
          />
        </DeskCard>
        <DeskCard
          title={t("bookHeading")}
          intro={classOptions.length === 0 ? t("noClasses", { days: BOOKABLE_DAYS }) : t("bookIntro")}
        >
          <ActionForm
            action={bookIntoClassAction}
            hidden={{ userId: person.id }}
            fields={[
              {
                kind: "select",
                name: "instanceId",
                label: t("classLabel"),
                options: classOptions,
                searchLabel: classOptions.length > 15 ? t("classSearch") : undefined,
              },
            ]}
            submitLabel={t("book")}
            pendingLabel={t("booking")}
            disabled={classOptions.length === 0}
          />
        </DeskCard>
        {person.guardian === null && (
          <DeskCard title={tHousehold("deskChildHeading")} intro={tHousehold("deskChildIntro")}>
            <ActionForm
              action={addChildAtDeskAction}
              hidden={{ userId: person.id }}
              fields={[
                { kind: "text", name: "displayName", label: tHousehold("childName"), autoComplete: "off" },
                { kind: "date", name: "dateOfBirth", label: tHousehold("childBirth") },
              ]}
              submitLabel={tHousehold("addChild")}
              pendingLabel={tHousehold("adding")}
              variant="secondary"
            />
          </DeskCard>
        )}
        <DeskCard title={t("roleHeading")} intro={t("roleIntro")}>
          <ActionForm
            action={changePersonaAction}
            hidden={{ userId: person.id }}
            fields={[
              {
                kind: "select",
                name: "persona",
                label: t("role"),
                options: [...PERSONAS].reverse().map((value) => ({ value, label: personaNames[value] })),
                defaultValue: person.persona,
              },
            ]}
            submitLabel={t("changeRole")}
            variant="secondary"
          />
        </DeskCard>
      </div>
    </Section>
  );
}
