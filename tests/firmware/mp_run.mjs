// Runs the firmware checks under the real MicroPython (its WebAssembly port,
// npm @micropython/micropython-webassembly-pyscript, installed by `make test`).
//
// The firmware modules, protocol.py, the fakes and mp_checks.py are copied
// side by side into /fw of MicroPython's in-memory filesystem, as they sit at
// the root of the Pico's; main.py (an endless loop) is only compiled.
// Exit status 0 when every check passed, 1 otherwise.
//
//   node tests/firmware/mp_run.mjs

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const files = {
  "protocol.py": "firmware_bridge/protocol.py",
  "app.py": "firmware_bridge/firmware/app.py",
  "board.py": "firmware_bridge/firmware/board.py",
  "keys.py": "firmware_bridge/firmware/keys.py",
  "main.py": "firmware_bridge/firmware/main.py",
  "mfrc522.py": "firmware_bridge/firmware/mfrc522.py",
  "fake_machine.py": "tests/firmware/fake_machine.py",
  "fake_hw.py": "tests/firmware/fake_hw.py",
  "mp_checks.py": "tests/firmware/mp_checks.py",
};

const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
mp.FS.mkdir("/fw");
for (const [name, path] of Object.entries(files)) {
  mp.FS.writeFile("/fw/" + name, readFileSync(join(root, path)));
}

try {
  mp.runPython(`
import sys
sys.path.insert(0, "/fw")
print(sys.version.split("; ")[1])
assert sys.implementation.name == "micropython"
with open("/fw/main.py") as f:
    compile(f.read(), "main.py", "exec")
import mp_checks
mp_checks.TMP = "/tmp"
mp_checks.main()
`);
} catch (error) {
  // A Python exception arrives here as a JS error carrying the traceback.
  console.log(error.message ?? String(error));
  process.exit(1);
}
