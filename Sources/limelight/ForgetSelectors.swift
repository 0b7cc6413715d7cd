import LimelightKit

/// `forget` takes exactly one selector: `--id`, `--all`, a time range
/// (`--from`/`--to`), an app (with `--intent`, `--entity`) or an entity's
/// history (`--app --type --id`). Given two, it used
/// to pick one silently — `--app A --from T` forgot every app's donations since
/// T — so more than one is a usage error.
func checkOneForgetSelector(_ args: ParsedArguments) throws(CLIError) {
    var given: [String] = []
    // --app A --type T --id X is one selector: that entity's history.
    let entity = args.value(.type) != nil && args.value(.app) != nil && args.value(.donation) != nil
    if entity { given.append("--app/--type/--id") }
    if args.value(.donation) != nil, !entity { given.append("--id") }
    if args.has(.all) { given.append("--all") }
    if args.value(.fromTime) != nil || args.value(.toTime) != nil { given.append("--from/--to") }
    if args.value(.app) != nil, !entity { given.append("--app") }
    if given.count > 1 {
        throw CLIError.usage("give one of --id, --app, --from/--to or --all, not \(given.joined(separator: " and "))")
    }
    if args.value(.app) == nil, args.value(.intent) != nil || args.value(.entity) != nil {
        throw CLIError.usage("--intent and --entity go with --app")
    }
}
