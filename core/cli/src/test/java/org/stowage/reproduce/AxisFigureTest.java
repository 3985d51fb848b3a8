package org.stowage.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class AxisFigureTest {
    @Test
    void anAxisFigureTicksAsManyDecimalsAsItsValuesHave() {
        assertEquals("0.000", AxisFigure.xPattern(List.of(0.0, 0.003, 0.015)), "Fig. 11's Phi");
        assertEquals("0.00", AxisFigure.xPattern(List.of(0.9, 0.95, 1.2)), "at least two");
        assertEquals("0.00", AxisFigure.xPattern(List.of(2.0, 16.0)));
    }
}
