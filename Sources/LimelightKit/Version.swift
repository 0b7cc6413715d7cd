public let limelightVersion = "0.1.0"
