// The transcripts run against the fake Plaza stand-in (docs/cli.md's ModelScope walk, blocks marked
// <!-- transcript: fake-plaza -->), in order, beside the other transcripts (transcripts.test.ts).
import { checkTranscripts } from './transcript-runner.js';

checkTranscripts('every fake-plaza transcript prints what its document shows, with the exit code it shows', (run) => run.stage === 'fake-plaza');
