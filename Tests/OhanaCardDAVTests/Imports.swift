// The shared test support (free ports, fixtures) for every file of this target.
@_exported import OhanaTestSupport
