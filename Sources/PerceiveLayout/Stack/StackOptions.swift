/// How a stack distributes free space along its main axis.
public enum MainAxisAlignment: Sendable {
    case start, end, center, spaceBetween, spaceAround, spaceEvenly
}

/// How a stack places children across its main axis.
public enum CrossAxisAlignment: Sendable {
    case start, end, center, stretch
}
