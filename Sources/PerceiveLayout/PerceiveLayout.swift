// PerceiveLayout divides space for Perceive components; importing it also imports Perceive.
@_exported import Perceive
