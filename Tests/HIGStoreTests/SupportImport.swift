// Every file of the suite sees the shared fixtures (Tests/HIGTestSupport) without importing
// them itself, as it saw them when they were files of this target.
@_exported import HIGTestSupport
