#!/usr/bin/env node
// ONNX Runtime (npm onnxruntime-node, CPU provider) as a timing peer for Ember on ONNX models.
//
//   ORT_MODULE=DIR/node_modules/onnxruntime-node node tools/ort_bench.js MODEL.onnx \
//       [--threads T] [--loops N] [--warmup N] [--shape NAME=d0,d1,...]... [--input NAME=RAW_F32]...
//       [--output-dir DIR]
//
// Every input not given by --input (raw little-endian float32) is filled with a fixed sine pattern (written with --output-dir as NAME.in.bin, so `ember run`
// can be given the same values and the outputs compared). Prints
//   IO inputs=<names> outputs=<names>
//   ORT <median_ms> <min_ms>
//   LOAD <session_create_ms> <first_run_ms>
// and, with --output-dir, writes each output as raw float32 OUTNAME.ort.bin.
// Graph optimizations are ORT's default for inference (ORT_ENABLE_ALL); intra-op threads = T,
// inter-op 1, sequential execution, as a user who sets only the thread count gets.
'use strict';
const fs = require('fs');
const path = require('path');

function usage(msg) {
  console.error(`ort_bench: ${msg}`);
  process.exit(2);
}

function parseArgs(argv) {
  const opt = { threads: 1, loops: 10, warmup: 2, shapes: {}, inputs: {}, outputDir: '' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => (i + 1 < argv.length ? argv[++i] : usage(`${a} needs a value`));
    if (a === '--threads') opt.threads = parseInt(next(), 10);
    else if (a === '--loops') opt.loops = parseInt(next(), 10);
    else if (a === '--warmup') opt.warmup = parseInt(next(), 10);
    else if (a === '--output-dir') opt.outputDir = next();
    else if (a === '--input') {
      const [name, file] = next().split('=');
      opt.inputs[name] = file;
    }
    else if (a === '--shape') {
      const [name, dims] = next().split('=');
      opt.shapes[name] = dims.split(',').map(Number);
    } else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else opt.model = a;
  }
  if (!opt.model) usage('no model given');
  return opt;
}

// The input pattern shared with bench_suite.sh's Ember run: v[i] = 0.5 * sin(0.37 * i).
function pattern(n) {
  const v = new Float32Array(n);
  for (let i = 0; i < n; i++) v[i] = 0.5 * Math.sin(0.37 * i);
  return v;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function main() {
  const opt = parseArgs(process.argv.slice(2));
  const ortPath = process.env.ORT_MODULE || 'onnxruntime-node';
  let ort;
  try {
    ort = require(ortPath);
  } catch (e) {
    usage(`cannot load ${ortPath} (npm install --ignore-scripts onnxruntime-node, then set ORT_MODULE): ${e.message}`);
  }
  const created = process.hrtime.bigint();
  const session = await ort.InferenceSession.create(opt.model, {
    intraOpNumThreads: opt.threads, interOpNumThreads: 1, executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  const feeds = {};
  for (const name of session.inputNames) {
    const meta = session.inputMetadata.find((m) => m.name === name);
    let dims = opt.shapes[name] || (meta && meta.shape ? meta.shape.map((d) => (typeof d === 'number' && d > 0 ? d : 1)) : null);
    if (!dims) usage(`input ${name} has no static shape: give --shape ${name}=...`);
    const n = dims.reduce((a, b) => a * b, 1);
    let data = pattern(n);
    if (opt.inputs[name]) {
      const buf = fs.readFileSync(opt.inputs[name]);
      if (buf.length !== n * 4) usage(`${opt.inputs[name]} holds ${buf.length} bytes, input ${name} [${dims}] needs ${n * 4}`);
      data = new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length));
    }
    feeds[name] = new ort.Tensor('float32', data, dims);
    if (opt.outputDir) fs.writeFileSync(path.join(opt.outputDir, `${name}.in.bin`), Buffer.from(data.buffer));
  }
  const loadMs = Number(process.hrtime.bigint() - created) / 1e6;
  const first = process.hrtime.bigint();
  let out = await session.run(feeds);
  const firstMs = Number(process.hrtime.bigint() - first) / 1e6;
  for (let i = 1; i < opt.warmup; i++) out = await session.run(feeds);  // the first run counts as one
  const times = [];
  for (let i = 0; i < opt.loops; i++) {
    const t0 = process.hrtime.bigint();
    out = await session.run(feeds);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  if (!out) out = await session.run(feeds);
  if (opt.outputDir) {
    for (const name of session.outputNames) {
      const t = out[name];
      const f32 = t.data instanceof Float32Array ? t.data : Float32Array.from(t.data, Number);
      fs.writeFileSync(path.join(opt.outputDir, `${name.replace(/[^A-Za-z0-9_.-]/g, '_')}.ort.bin`),
        Buffer.from(f32.buffer, f32.byteOffset, f32.byteLength));
    }
  }
  console.log(`IO inputs=${session.inputNames.join(',')} outputs=${session.outputNames.join(',')}`);
  console.log(`ORT ${median(times).toFixed(3)} ${Math.min(...times).toFixed(3)}`);
  console.log(`LOAD ${loadMs.toFixed(1)} ${firstMs.toFixed(1)}`);
}

main().catch((e) => {
  console.error(`ort_bench: ${e.message}`);
  process.exit(1);
});
