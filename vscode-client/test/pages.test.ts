import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { codeOfShowFix, explainPage, fixPage, Pages } from "../src/pages";

describe("the fix preview (jaxerr.showFix)", () => {
  it("shows the server's markdown under its title, named by the record's code", () => {
    const page = fixPage("custom-vjp-bwd-args-mismatch", {
      title: "The fix for custom-vjp-bwd-args-mismatch",
      markdown: "```python\nreturn (g,)\n```\n",
    });
    assert.deepEqual(page, {
      path: "/fix-custom-vjp-bwd-args-mismatch.md",
      markdown: "# The fix for custom-vjp-bwd-args-mismatch\n\n```python\nreturn (g,)\n```\n",
    });
  });

  it("keeps a heading the markdown opens with, and names odd codes safely", () => {
    const page = fixPage("a/b c", { title: "T", markdown: "## Before\n\nx\n" });
    assert.deepEqual(page, { path: "/fix-a-b-c.md", markdown: "## Before\n\nx\n" });
  });

  it("says so when the answer has nothing to show", () => {
    for (const answer of [null, undefined, "text", { title: "t" }, { markdown: "  " }]) {
      assert.equal(typeof fixPage("x", answer), "string", JSON.stringify(answer));
    }
  });

  it("takes the code from the command's one argument", () => {
    assert.equal(codeOfShowFix([{ code: "hijax-vjp-bwd-return", uri: "file:///p/a.py", line: 3 }]), "hijax-vjp-bwd-return");
    assert.equal(codeOfShowFix([]), "error");
  });
});

describe("the explained selection (jaxerr.explainText)", () => {
  it("shows the record with the match's score", () => {
    const page = explainPage({ code: "float0-add", title: "float0-add", score: 0.875, markdown: "### `float0-add`\n\nMeaning.\n" });
    assert.deepEqual(page, {
      path: "/explain-float0-add.md",
      markdown: "### `float0-add`\n\nMeaning.\n\n---\n\nMatched with score 0.88.\n",
    });
  });

  it("is nothing when no record matches, and a message for an answer that is not a record", () => {
    assert.equal(explainPage(null), undefined);
    assert.equal(typeof explainPage({ markdown: "x" }), "string");
    assert.equal(typeof explainPage(["x"]), "string");
  });
});

describe("pages", () => {
  it("keep the last text shown under a name", () => {
    const pages = new Pages();
    pages.set({ path: "/a.md", markdown: "one" });
    pages.set({ path: "/a.md", markdown: "two" });
    assert.equal(pages.get("/a.md"), "two");
    assert.equal(pages.get("/b.md"), undefined);
  });
});
