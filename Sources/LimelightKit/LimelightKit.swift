// LimelightKit: the engine's public face. It holds no code; it re-exports the
// layers a client uses, so `import LimelightKit` gives writing (LimelightIndex)
// and reading (LimelightSearch) and what they share below them.
@_exported import LimelightIndex
@_exported import LimelightSearch
@_exported import LimelightStore
@_exported import LimelightRanking
@_exported import LimelightText
@_exported import LimelightModel
@_exported import LimelightSupport
