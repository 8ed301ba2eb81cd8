// Every UI string exists in English, French and Spanish, with the same {slots}.
import { describe, expect, it } from "vitest";
import { DICTIONARIES, fill, languageFromLocale, LANGUAGES, setLanguage, t } from "../../src/i18n";
import { en } from "../../src/i18n/en";

const slots = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("dictionaries", () => {
  for (const lang of LANGUAGES) {
    it(`${lang} has exactly the English keys`, () => {
      expect(Object.keys(DICTIONARIES[lang]).sort()).toEqual(Object.keys(en).sort());
    });
    it(`${lang} has no empty string and keeps every {slot}`, () => {
      for (const [key, text] of Object.entries(DICTIONARIES[lang])) {
        expect(text.trim(), key).not.toBe("");
        expect(slots(text), key).toEqual(slots(en[key as keyof typeof en]));
      }
    });
  }
  it("French and Spanish are translated, not copies of English", () => {
    const same = (lang: "fr" | "es") => Object.keys(en).filter((k) => DICTIONARIES[lang][k as keyof typeof en] === en[k as keyof typeof en]);
    // Names and slot-only strings may stay the same; most must differ.
    expect(same("fr").length).toBeLessThan(15);
    expect(same("es").length).toBeLessThan(15);
  });
});

describe("language from the system locale", () => {
  it.each([["fr-FR", "fr"], ["fr_CA", "fr"], ["es-419", "es"], ["ES", "es"], ["en-US", "en"], ["de-DE", "en"], ["", "en"], [null, "en"]])(
    "%s -> %s", (locale, lang) => expect(languageFromLocale(locale)).toBe(lang));
});

describe("t and fill", () => {
  it("fills slots and leaves unknown ones", () => {
    expect(fill("{a} of {b}", { a: 1 })).toBe("1 of {b}");
  });
  it("switches language", () => {
    setLanguage("fr");
    expect(t("review.run")).toBe("Exécuter");
    setLanguage("es");
    expect(t("review.run")).toBe("Ejecutar");
    setLanguage("en");
    expect(t("run.elapsed", { elapsed: "2 s", limit: "1 min" })).toBe("2 s used of 1 min allowed");
  });
});
