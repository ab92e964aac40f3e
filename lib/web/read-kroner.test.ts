import { describe, expect, it } from "vitest";
import { readKroner } from "./read-kroner";

const read = (value: string) => {
  const data = new FormData();
  data.set("amount", value);
  return readKroner(data, "amount");
};

describe("readKroner", () => {
  it("reads kroner the Danish way, and with a decimal point, as øre", () => {
    expect(read("200")).toBe(20000);
    expect(read("200,5")).toBe(20050);
    expect(read("1.200,50")).toBe(120050);
    expect(read(" 200.50 ")).toBe(20050);
    expect(read("0,07")).toBe(7);
  });

  it("is undefined when blank and the text itself when it is no amount", () => {
    expect(read("")).toBeUndefined();
    expect(read("abc")).toBe("abc");
    expect(read("10,555")).toBe("10,555");
  });
});
