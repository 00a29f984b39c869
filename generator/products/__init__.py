"""One module per thing a user builds: each takes its options, checks them once, wires
geo → games → render and writes the files. The CLI and the kit call these; render never does."""
