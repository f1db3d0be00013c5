// The CLI runner (`CLI.run`) lives in the test-support target; every file of these tests uses it.
@_exported import OhanaTestSupport
