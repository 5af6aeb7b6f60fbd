import { describe, expect, it } from "vitest";
import { defineFragmentErrors, FragmentError, sharedFragmentErrors } from "./fragment-errors.ts";

const paperErrors = defineFragmentErrors({ edition_gone: { status: 500 } });
type PaperErrorCode = keyof typeof paperErrors;

class PaperError extends FragmentError<PaperErrorCode> {
  constructor(code: PaperErrorCode, detail: string) {
    super("paper", paperErrors, code, detail);
    this.name = "PaperError";
  }
}

describe("a fragment's error catalogue", () => {
  it("has the shared codes and its own", () => {
    expect(paperErrors).toMatchObject(sharedFragmentErrors);
    expect(paperErrors.edition_gone.status).toBe(500);
  });

  it("gives each error its code and status", () => {
    const error = new PaperError("api_unavailable", "edge-api answered 503");
    expect(error).toBeInstanceOf(FragmentError);
    expect(error).toMatchObject({ code: "api_unavailable", status: 502, fragment: "paper" });
    expect(new PaperError("edition_gone", "x").status).toBe(500);
  });

  it("agrees with the codes the fragments used before the kit", () => {
    expect(sharedFragmentErrors).toMatchObject({
      api_unavailable: { status: 502 },
      unknown_route: { status: 500 },
      bad_api_data: { status: 502 },
    });
  });

  it("does not let a fragment redefine a shared code", () => {
    const compileOnly = () =>
      // @ts-expect-error a shared code keeps its status everywhere
      defineFragmentErrors({ api_unavailable: { status: 503 } });
    expect(compileOnly).toBeTypeOf("function");
  });
});
