import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { describe, it } from "node:test";
import { commandLine, parseRerun } from "../src/rerun";

describe("jaxerr.rerun's argument", () => {
  it("is one object with argv, cwd and label", () => {
    const argv = ["python", "-m", "pytest", "tests/test_ops.py::test_grad[2]"];
    assert.deepEqual(parseRerun([{ argv, cwd: "/work/project", label: "tests/test_ops.py::test_grad[2]" }]), {
      argv,
      cwd: "/work/project",
      label: "tests/test_ops.py::test_grad[2]",
    });
    // Without a label, the command names itself.
    assert.deepEqual(parseRerun([{ argv: ["python", "main.py"], cwd: "/p" }]), {
      argv: ["python", "main.py"],
      cwd: "/p",
      label: "python main.py",
    });
  });

  it("refuses anything else with a message, so that nothing runs", () => {
    const bad: unknown[][] = [
      [],
      ["python main.py"],
      [{ argv: "python main.py", cwd: "/p" }],
      [{ argv: [], cwd: "/p" }],
      [{ argv: ["python", 3], cwd: "/p" }],
      [{ argv: ["python", ""], cwd: "/p" }],
      [{ argv: ["python", "main.py"] }],
      [{ argv: ["python", "main.py\nrm -rf ~"], cwd: "/p" }],
      [{ argv: ["python"], cwd: "/p" }, { argv: ["python"], cwd: "/p" }],
    ];
    for (const args of bad) {
      const answer = parseRerun(args);
      assert.equal(typeof answer, "string", JSON.stringify(args));
      assert.match(answer as string, /^jaxerr\.rerun/);
    }
  });
});

describe("the command line typed into the terminal", () => {
  const awkward = [
    "python3",
    "-m",
    "pytest",
    "tests/test ops.py::test_grad[x-1]",
    "it's",
    "$HOME",
    "`echo no`",
    "a;b|c&d",
    "*.py",
    "--k=a or b",
    "plain/path.py:12",
  ];

  it("leaves plain words as they are and quotes the others", () => {
    assert.equal(commandLine(["python", "-m", "pytest", "tests/test_ops.py::test_grad"]), "python -m pytest tests/test_ops.py::test_grad");
    assert.equal(commandLine(["python", "my script.py"]), "python 'my script.py'");
  });

  it("gives a POSIX shell back every word as it was", () => {
    // The shell itself splits the line: printf prints each word it received on its own line.
    const line = `printf '%s\\n' ${commandLine(awkward.slice(1))}`;
    const printed = execFileSync("sh", ["-c", line], { encoding: "utf8" });
    assert.deepEqual(printed.split("\n").slice(0, -1), awkward.slice(1));
  });
});
