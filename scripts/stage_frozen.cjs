// Stages the frozen server (scripts/freeze_server.py's folder) for the linux-x64 .vsix, in two parts:
//
//   node scripts/stage_frozen.cjs FOLDER STAGE TARGET VERSION
//
// writes STAGE/edgegram/... (the folder's files as they are: VS Code unpacks them when it installs
// the .vsix, so the first start only hard-links them), STAGE/edgegram-TARGET.tar.br (a brotli-compressed
// ustar of the few large files brotli compresses much better than the .vsix's zip: ONNX Runtime and
// OpenBLAS, about 2 MB smaller each) and STAGE/frozen.json (vscode-client/src/frozenServer.ts reads
// it). Files go into the archive, the largest saving first, until the .vsix is estimated to be at
// most $EDGEGRAM_VSIX_BUDGET_MB (default 68; the target is 70): everything in the archive is
// decompressed on the user's first start, so the less the better.
"use strict";
const crypto = require("crypto");
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const [folder, stage, target, version] = process.argv.slice(2);
const budget = Number(process.env.EDGEGRAM_VSIX_BUDGET_MB || 68) * 1e6;
const CLIENT_BYTES = 0.6e6; // the extension's own files in the .vsix (its universal build is 0.5 MB)
const MIN_CANDIDATE = 1e6; // smaller files are not worth an archive entry
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
const brotli = (data) =>
  zlib.brotliCompressSync(data, {
    params: { [BROTLI_PARAM_QUALITY]: 5, [BROTLI_PARAM_LGWIN]: 22, [BROTLI_PARAM_SIZE_HINT]: data.length },
  });

function walk(dir, out = []) {
  for (const name of fs.readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    const stat = fs.lstatSync(full);
    if (stat.isDirectory()) {
      walk(full, out);
    } else if (stat.isFile()) {
      out.push(full);
    } else {
      throw new Error(`${full} is not a file or folder (links are dropped by freeze_server.py)`);
    }
  }
  return out;
}

/** One ustar header block for a file. */
function tarHeader(name, mode, size) {
  const block = Buffer.alloc(512);
  let prefix = "";
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", 154);
    prefix = name.slice(0, cut);
    name = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(name) > 100) {
      throw new Error(`${prefix}/${name} is too long a name for ustar`);
    }
  }
  const octal = (value, width) => value.toString(8).padStart(width - 1, "0") + "\0";
  block.write(name, 0);
  block.write(octal(mode, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(0, 12), 136); // mtime 0: the same folder makes the same archive
  block.write("        ", 148);
  block.write("0", 156);
  block.write("ustar\0", 257);
  block.write("00", 263);
  block.write(prefix, 345);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + " ", 148);
  return block;
}

const root = path.dirname(path.resolve(folder));
const files = walk(path.resolve(folder)).map((full) => {
  const data = fs.readFileSync(full);
  const name = path.relative(root, full).split(path.sep).join("/");
  const mode = fs.statSync(full).mode & 0o777;
  const deflated = zlib.deflateRawSync(data, { level: 6 }).length; // what the .vsix's zip stores
  const packed = data.length >= MIN_CANDIDATE ? brotli(data).length : deflated;
  return { full, name, mode, size: data.length, deflated, packed, sha256: crypto.createHash("sha256").update(data).digest("hex") };
});
let estimate = CLIENT_BYTES + files.reduce((sum, f) => sum + f.deflated, 0);
const archived = new Set();
for (const file of [...files].sort((a, b) => b.deflated - b.packed - (a.deflated - a.packed))) {
  if (estimate <= budget || file.deflated - file.packed < 0.05 * file.deflated) {
    break;
  }
  archived.add(file);
  estimate -= file.deflated - file.packed;
}

const chunks = [];
for (const file of files.filter((f) => archived.has(f))) {
  chunks.push(tarHeader(file.name, file.mode, file.size), fs.readFileSync(file.full), Buffer.alloc((512 - (file.size % 512)) % 512));
}
chunks.push(Buffer.alloc(1024));
const tar = Buffer.concat(chunks);
const packed = brotli(tar);
const archive = `edgegram-${target}.tar.br`;
fs.writeFileSync(path.join(stage, archive), packed);

const plain = {};
for (const file of files.filter((f) => !archived.has(f))) {
  const dest = path.join(stage, ...file.name.split("/"));
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.copyFileSync(file.full, dest);
  fs.chmodSync(dest, file.mode);
  plain[file.name] = [file.mode, file.size];
}
const sha256 = crypto.createHash("sha256").update(packed).digest("hex");
const id = crypto.createHash("sha256");
for (const file of files) id.update(`${file.name}\0${file.mode}\0${file.sha256}\n`);
const executable = `${path.basename(path.resolve(folder))}/edgegram`;
const manifest = { target, version, archive, sha256, executable, id: id.digest("hex"), files: plain };
fs.writeFileSync(path.join(stage, "frozen.json"), JSON.stringify(manifest, null, 1) + "\n");
const mb = (bytes) => (bytes / 1e6).toFixed(1);
console.log(
  `stage_frozen.cjs: ${archive}: ${archived.size} files, ${mb(tar.length)} MB -> ${mb(packed.length)} MB ` +
    `(${[...archived].map((f) => path.basename(f.name)).join(", ")}); ${Object.keys(plain).length} files as they are ` +
    `(${mb(files.filter((f) => !archived.has(f)).reduce((s, f) => s + f.size, 0))} MB); .vsix estimated ${mb(estimate)} MB`,
);
