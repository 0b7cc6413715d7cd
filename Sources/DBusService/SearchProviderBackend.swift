/// What a search service implements to answer GNOME Shell and KRunner.
///
/// ``BusService`` calls these on its loop thread, one call at a time, so an
/// implementation needs no locking of its own: calls from different clients
/// (even KRunner's overlapping `Match` calls) are answered in turn.
/// A method that throws makes the D-Bus call fail: a ``BusMethodError`` is
/// sent under its own name, any other error as
/// `org.limelight.Limelight.Error.Failed` with the error's description.
///
/// ```swift
/// final class Catalogue: SearchProviderBackend {
///     func initialResultSet(terms: [String]) throws -> [String] { index.ids(matching: terms) }
///     func resultMetas(ids: [String]) throws -> [ResultMeta] { ids.compactMap(index.meta) }
///     …
/// }
/// ```
///
/// The contracts: [GNOME Shell search provider](https://developer.gnome.org/documentation/tutorials/search-provider.html),
/// [KRunner D-Bus runner](https://develop.kde.org/docs/plasma/krunner/).
public protocol SearchProviderBackend: AnyObject {
    /// Called before every method below, with the method the call is for;
    /// the place to reopen the newest index generation. Default: nothing.
    func willHandleCall(_ method: BusMethod)

    // org.gnome.Shell.SearchProvider2

    /// Result ids for `terms` (the shell ANDs them), best first.
    func initialResultSet(terms: [String]) throws -> [String]
    /// Result ids for `terms`, which refine the terms that gave `previous`.
    /// GNOME allows searching afresh instead of filtering. Default: `initialResultSet(terms:)`.
    func subsearchResultSet(previous: [String], terms: [String]) throws -> [String]
    /// Metas for the ids the backend knows, in any order. The service answers
    /// exactly one meta per requested id, in the requested order, and a
    /// placeholder (name = id) for an id missing here, as the shell requires.
    func resultMetas(ids: [String]) throws -> [ResultMeta]
    /// The person chose `id` while `terms` were typed.
    func activateResult(id: String, terms: [String], timestamp: UInt32) throws
    /// The person asked to see all results for `terms` in the app itself.
    func launchSearch(terms: [String], timestamp: UInt32) throws

    // org.kde.krunner1

    /// Matches for `query`, best first.
    func krunnerMatch(query: String) throws -> [RunnerMatch]
    /// The actions a match may offer (KRunner asks once, with `X-Plasma-Request-Actions-Once`).
    func krunnerActions() throws -> [RunnerAction]
    /// The person chose match `matchId`, with action `actionId` ("" = the default action).
    func krunnerRun(matchId: String, actionId: String) throws
    /// The match session is over. Default: nothing.
    func krunnerTeardown() throws
    /// The runner's configuration (read only with `X-Plasma-API=DBus2`). Default: empty.
    func krunnerConfig() throws -> RunnerConfig
    /// KF6 sends an XDG activation token just before `Run`. Default: ignored.
    func krunnerSetActivationToken(_ token: String) throws
}

extension SearchProviderBackend {
    public func willHandleCall(_ method: BusMethod) {}
    public func subsearchResultSet(previous: [String], terms: [String]) throws -> [String] {
        try initialResultSet(terms: terms)
    }
    public func krunnerTeardown() throws {}
    public func krunnerConfig() throws -> RunnerConfig { RunnerConfig() }
    public func krunnerSetActivationToken(_ token: String) throws {}
}

/// The D-Bus method a call is for, named as on the bus.
public enum BusMethod: String, Sendable, CaseIterable {
    case getInitialResultSet = "GetInitialResultSet"
    case getSubsearchResultSet = "GetSubsearchResultSet"
    case getResultMetas = "GetResultMetas"
    case activateResult = "ActivateResult"
    case launchSearch = "LaunchSearch"
    case krunnerActions = "Actions"
    case krunnerMatch = "Match"
    case krunnerRun = "Run"
    case krunnerTeardown = "Teardown"
    case krunnerConfig = "Config"
    case krunnerSetActivationToken = "SetActivationToken"
}
