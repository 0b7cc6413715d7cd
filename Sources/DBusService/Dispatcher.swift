import CSDBus

/// Turns the shim's C callbacks into backend calls, and backend values into
/// replies, enforcing the contracts the shells rely on (one meta per id, in
/// order; relevance in 0…1). Used only on the loop thread.
final class Dispatcher {
    /// Set by `BusService.run` for the length of the loop.
    var backend: (any SearchProviderBackend)?

    /// The callback table for llb_service_new. `context` is unretained: the
    /// BusService keeps this dispatcher alive for as long as the C service.
    func callbacks() -> llb_callbacks {
        var table = llb_callbacks()
        table.context = Unmanaged.passUnretained(self).toOpaque()
        table.before_call = { context, method in
            Dispatcher.from(context).backend?.willHandleCall(BusMethod(method))
        }
        table.get_initial_result_set = { context, terms, termCount, reply in
            Dispatcher.from(context).answer(reply) { backend in
                addIds(try backend.initialResultSet(terms: strings(terms, termCount)), to: reply)
            }
        }
        table.get_subsearch_result_set = { context, previous, previousCount, terms, termCount, reply in
            Dispatcher.from(context).answer(reply) { backend in
                addIds(try backend.subsearchResultSet(previous: strings(previous, previousCount),
                                                      terms: strings(terms, termCount)), to: reply)
            }
        }
        table.get_result_metas = { context, ids, idCount, reply in
            Dispatcher.from(context).answer(reply) { backend in
                let requested = strings(ids, idCount)
                for meta in oneMetaPerId(requested, from: try backend.resultMetas(ids: requested)) {
                    add(meta, to: reply)
                }
            }
        }
        table.activate_result = { context, id, terms, termCount, timestamp, reply in
            Dispatcher.from(context).answer(reply) { backend in
                try backend.activateResult(id: String(cString: id!), terms: strings(terms, termCount),
                                           timestamp: timestamp)
            }
        }
        table.launch_search = { context, terms, termCount, timestamp, reply in
            Dispatcher.from(context).answer(reply) { backend in
                try backend.launchSearch(terms: strings(terms, termCount), timestamp: timestamp)
            }
        }
        table.krunner_actions = { context, reply in
            Dispatcher.from(context).answer(reply) { backend in
                for action in try backend.krunnerActions() {
                    action.id.withCString { id in
                        action.text.withCString { text in
                            action.iconName.withCString { llb_reply_add_action(reply, id, text, $0) }
                        }
                    }
                }
            }
        }
        table.krunner_match = { context, query, reply in
            Dispatcher.from(context).answer(reply) { backend in
                for match in try backend.krunnerMatch(query: String(cString: query!)) { add(match, to: reply) }
            }
        }
        table.krunner_run = { context, matchId, actionId, reply in
            Dispatcher.from(context).answer(reply) { backend in
                try backend.krunnerRun(matchId: String(cString: matchId!), actionId: String(cString: actionId!))
            }
        }
        table.krunner_teardown = { context, reply in
            Dispatcher.from(context).answer(reply) { try $0.krunnerTeardown() }
        }
        table.krunner_config = { context, reply in
            Dispatcher.from(context).answer(reply) { backend in add(try backend.krunnerConfig(), to: reply) }
        }
        table.krunner_set_activation_token = { context, token, reply in
            Dispatcher.from(context).answer(reply) { try $0.krunnerSetActivationToken(String(cString: token!)) }
        }
        return table
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> Dispatcher {
        Unmanaged<Dispatcher>.fromOpaque(context!).takeUnretainedValue()
    }

    /// Runs one backend call; a thrown error becomes the call's D-Bus error.
    private func answer(_ reply: OpaquePointer?, _ body: (any SearchProviderBackend) throws -> Void) {
        guard let backend else {
            return llb_reply_fail(reply, BusMethodError.failedName, "the service is not running")
        }
        do {
            try body(backend)
        } catch let error as BusMethodError {
            llb_reply_fail(reply, error.name, error.message)
        } catch {
            llb_reply_fail(reply, BusMethodError.failedName, "\(error)")
        }
    }
}

/// GNOME Shell pairs metas[i] with ids[i] and drops all our results on a count
/// mismatch, and needs a non-empty name: so one meta per requested id, in
/// order, the first one the backend gave for that id or a placeholder.
func oneMetaPerId(_ requested: [String], from known: [ResultMeta]) -> [ResultMeta] {
    var byId: [String: ResultMeta] = [:]
    for meta in known where byId[meta.id] == nil { byId[meta.id] = meta }
    return requested.map { id in
        guard var meta = byId[id] else { return .placeholder(id: id) }
        if meta.name.isEmpty { meta.name = id }
        return meta
    }
}

private func addIds(_ ids: [String], to reply: OpaquePointer?) {
    for id in ids { id.withCString { llb_reply_add_id(reply, $0) } }
}

private func add(_ meta: ResultMeta, to reply: OpaquePointer?) {
    meta.id.withCString { id in
        meta.name.withCString { name in
            withOptionalCString(meta.description) { description in
                withOptionalCString(meta.icon) { icon in
                    var cMeta = llb_meta(id: id, name: name, description: description, icon: icon)
                    llb_reply_add_meta(reply, &cMeta)
                }
            }
        }
    }
}

private func add(_ match: RunnerMatch, to reply: OpaquePointer?) {
    let relevance = match.relevance.isNaN ? 0 : min(max(match.relevance, 0), 1)
    match.id.withCString { id in
        match.text.withCString { text in
            match.iconName.withCString { icon in
                withOptionalCString(match.subtext) { subtext in
                    withOptionalCString(match.category) { category in
                        withCStringArray(match.urls) { urls, urlCount in
                            withCStringArray(match.actions ?? []) { actions, actionCount in
                                var cMatch = llb_match(
                                    id: id, text: text, icon: icon, relevance_class: match.kind.rawValue,
                                    relevance: relevance, subtext: subtext, category: category,
                                    urls: urls, url_count: urlCount,
                                    actions: match.actions == nil ? nil : (actions ?? emptyList),
                                    action_count: actionCount)
                                llb_reply_add_match(reply, &cMatch)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A non-NULL list of no strings: the shim writes `'actions': <[]>` for it
/// (offers none), where NULL leaves the key out (offers all).
/// Allocated once and never freed or written after, hence safe to share.
nonisolated(unsafe) private let emptyList: UnsafePointer<UnsafePointer<CChar>?> = {
    let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: 1)
    list.initialize(to: nil)
    return UnsafePointer(list)
}()

private func add(_ config: RunnerConfig, to reply: OpaquePointer?) {
    if let regex = config.matchRegex {
        regex.withCString { llb_reply_config_string(reply, "MatchRegex", $0) }
    }
    if let count = config.minLetterCount {
        llb_reply_config_int(reply, "MinLetterCount", count)
    }
    if let words = config.triggerWords {
        withCStringArray(words) { llb_reply_config_strv(reply, "TriggerWords", $0, $1) }
    }
}

extension BusMethod {
    init(_ method: llb_method) {
        switch method {
        case LLB_METHOD_GET_INITIAL_RESULT_SET: self = .getInitialResultSet
        case LLB_METHOD_GET_SUBSEARCH_RESULT_SET: self = .getSubsearchResultSet
        case LLB_METHOD_GET_RESULT_METAS: self = .getResultMetas
        case LLB_METHOD_ACTIVATE_RESULT: self = .activateResult
        case LLB_METHOD_LAUNCH_SEARCH: self = .launchSearch
        case LLB_METHOD_KRUNNER_ACTIONS: self = .krunnerActions
        case LLB_METHOD_KRUNNER_MATCH: self = .krunnerMatch
        case LLB_METHOD_KRUNNER_RUN: self = .krunnerRun
        case LLB_METHOD_KRUNNER_TEARDOWN: self = .krunnerTeardown
        case LLB_METHOD_KRUNNER_CONFIG: self = .krunnerConfig
        default: self = .krunnerSetActivationToken
        }
    }
}
