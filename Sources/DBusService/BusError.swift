/// Why the service could not start or keep serving.
///
/// ```swift
/// do { service = try BusService(name: "org.limelight.Limelight", searchProviderPath: path) }
/// catch let error where error.kind == .nameTaken { exit(69) }  // EX_UNAVAILABLE
/// ```
public struct BusError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No session bus to connect to (not in a desktop session, or the bus went away).
        case noBus
        /// Another process owns the bus name: a second service is already running.
        case nameTaken
        /// Anything else: a bad name or path, a protocol error, out of memory.
        case other
    }

    public var kind: Kind
    /// The errno sd-bus reported (positive), 0 if none.
    public var code: Int32
    /// What failed, and why, in a sentence.
    public var message: String

    public init(kind: Kind, code: Int32 = 0, message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    public var description: String {
        switch kind {
        case .noBus:
            return "\(message). Run this inside a desktop session, or set DBUS_SESSION_BUS_ADDRESS."
        case .nameTaken:
            return "\(message). Another instance is already serving; stop it first."
        case .other:
            return message
        }
    }
}

/// An error a backend throws to fail a call with a chosen D-Bus error name.
///
/// ```swift
/// throw BusMethodError(name: "org.limelight.Limelight.Error.NoIndex",
///                      message: "no index at ~/.local/share/limelight/index")
/// ```
public struct BusMethodError: Error, Sendable, Equatable {
    /// The D-Bus error name for errors that are not ``BusMethodError``s.
    public static let failedName = "org.limelight.Limelight.Error.Failed"

    /// A D-Bus error name (`org.example.Error.Kind`); an invalid one is sent
    /// as `org.freedesktop.DBus.Error.Failed`, naming it in the message.
    public var name: String
    public var message: String

    public init(name: String = BusMethodError.failedName, message: String) {
        self.name = name
        self.message = message
    }
}
