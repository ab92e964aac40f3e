// The demo studio's other attendees: people who come to its classes but are not offered as demo
// personas (the persona picker lists DEMO_FIXTURE.attendees only). Danish names, varied ages; their
// addresses follow the fixture's pattern (ASCII: ø → oe, æ → ae, å → aa).
import type { DemoPerson } from "./demo-person";

const CLIENTELE: [key: string, displayName: string, dateOfBirth: string | null][] = [
  ["maja.kristensen", "Maja Kristensen", "1993-02-17"],
  ["oliver.thomsen", "Oliver Thomsen", "1989-10-05"],
  ["karoline.rasmussen", "Karoline Rasmussen", "2002-08-29"],
  ["magnus.poulsen", "Magnus Poulsen", "1985-12-11"],
  ["cecilie.johansen", "Cecilie Johansen", "1998-03-23"],
  ["rasmus.moeller", "Rasmus Møller", "1979-06-14"],
  ["signe.mortensen", "Signe Mortensen", "1984-01-30"],
  ["jakob.joergensen", "Jakob Jørgensen", "1991-09-18"],
  ["louise.madsen", "Louise Madsen", "1976-05-02"],
  ["mikkel.olsen", "Mikkel Olsen", "1996-11-27"],
  ["julie.knudsen", "Julie Knudsen", "2005-04-09"],
  ["henrik.soerensen", "Henrik Sørensen", "1966-07-21"],
  ["camilla.hansen", "Camilla Hansen", "1988-12-03"],
  ["thomas.vestergaard", "Thomas Vestergaard", "1981-02-08"],
  ["nanna.dahl", "Nanna Dahl", "2001-10-15"],
  ["soeren.bak", "Søren Bak", "1972-03-31"],
  ["katrine.lind", "Katrine Lind", "1994-06-06"],
  ["anders.nygaard", "Anders Nygaard", "1969-09-12"],
  ["mathilde.schmidt", "Mathilde Schmidt", "2003-01-19"],
  ["christian.winther", "Christian Winther", "1990-08-24"],
  ["line.frandsen", "Line Frandsen", "1986-04-28"],
  ["peter.bruun", "Peter Bruun", "1961-12-20"],
  ["astrid.klausen", "Astrid Klausen", "1999-05-13"],
  ["niels.holst", "Niels Holst", "1955-02-26"],
  ["josefine.krogh", "Josefine Krogh", "2000-07-07"],
  ["jens.villadsen", "Jens Villadsen", null],
  ["marie.eriksen", "Marie Eriksen", "1992-11-01"],
  ["kasper.lauridsen", "Kasper Lauridsen", "1987-03-16"],
  ["emma.skov", "Emma Skov", "2006-09-30"],
  ["tobias.kjaer", "Tobias Kjær", "1997-01-04"],
  ["birgitte.friis", "Birgitte Friis", "1963-10-22"],
  ["laura.bech", "Laura Bech", "1995-06-19"],
  ["victor.juhl", "Victor Juhl", "1983-08-08"],
];

export function demoClientele(
  person: (key: string, name: string, dateOfBirth: string | null) => DemoPerson,
): DemoPerson[] {
  return CLIENTELE.map(([key, name, dateOfBirth]) => person(key, name, dateOfBirth));
}
