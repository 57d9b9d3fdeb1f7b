// The slow project (jest.config.js): tests that start processes, run tsc or TypeDoc, bundle or drive
// a browser. Each gets 120 s, sized for a 2-core machine that runs other work beside the tests (one
// such test took 20 s where it takes 2 s alone); jest's default of 5 s failed them under load.
jest.setTimeout(300_000);
