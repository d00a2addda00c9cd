import { describe, expect, it } from "vitest";
import { instantBookUnmet } from "../../common/domain/instant-book";

const terms = { instantBook: true, instantBookMinStays: 3, instantBookMessageRequired: true };

describe("what instant book still asks of a guest", () => {
  it("names each requirement not met, with the guest's own count", () => {
    expect(instantBookUnmet(terms, { completedStays: 1, wroteToHost: false })).toEqual([
      "At least 3 completed stays on StayLondon (you have 1)",
      "A message to the host about this home before you book",
    ]);
  });

  it("asks nothing of a guest who has enough stays and wrote first", () => {
    expect(instantBookUnmet(terms, { completedStays: 3, wroteToHost: true })).toEqual([]);
    expect(instantBookUnmet({ ...terms, instantBookMinStays: 0, instantBookMessageRequired: false }, null)).toEqual([]);
  });

  it("gives a signed-out visitor the requirements alone, one stay in the singular", () => {
    expect(instantBookUnmet({ ...terms, instantBookMinStays: 1 }, null)).toEqual([
      "At least 1 completed stay on StayLondon",
      "A message to the host about this home before you book",
    ]);
  });
});
